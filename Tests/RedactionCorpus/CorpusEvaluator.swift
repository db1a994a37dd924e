import Foundation
import LoupeCore
import LoupeRedaction

/// Runs a ``Redactor`` over labelled samples the way Loupe would meet each text (a text log, a
/// request header, a JSON or form body, a URL, an SSE event) and scores the result per category:
/// planted secrets removed (recall) and benign samples left byte for byte unchanged.
///
/// ```swift
/// let report = CorpusEvaluator(redactor: Redactor(ruleSet: .builtIn)).evaluate(CorpusGenerator().samples(for: .tuning))
/// report.scores[.token]?.recall   // 0.0 … 1.0
/// ```
public struct CorpusEvaluator: Sendable {
    public let redactor: Redactor

    public init(redactor: Redactor) {
        self.redactor = redactor
    }

    /// Scores every sample; failures keep the sample, the redacted text and what leaked.
    public func evaluate(_ samples: [LabelledSample]) -> CorpusReport {
        var report = CorpusReport()
        for sample in samples {
            let output = redacted(sample)
            var score = report.scores[sample.category, default: CategoryScore()]
            switch sample.kind {
            case .secret:
                let leaked = sample.secrets.filter { LeakCheck.isLeaked($0, of: sample, in: output) }
                score.secretsPlanted += sample.secrets.count
                score.secretsRemoved += sample.secrets.count - leaked.count
                if !leaked.isEmpty { report.failures.append(CorpusFailure(sample: sample, output: output, leaked: leaked)) }
            case .benign:
                score.benignSamples += 1
                if output == sample.text {
                    score.benignKept += 1
                } else {
                    report.failures.append(CorpusFailure(sample: sample, output: output, leaked: []))
                }
            }
            report.scores[sample.category] = score
        }
        return report
    }

    /// Whether `secret`, planted in `sample`, survived in `output` wholly or in part (see
    /// the rules in LeakCheck.swift: pieces of `max(8, ceil(length / 3))` characters count).
    public static func isLeaked(_ secret: String, of sample: LabelledSample, in output: String) -> Bool {
        LeakCheck.isLeaked(secret, of: sample, in: output)
    }

    /// The sample's text after redaction, read back from where the channel put it.
    public func redacted(_ sample: LabelledSample) -> String {
        if case .text = sample.channel {
            var counts: [String: Int] = [:]
            return redactor.redactText(sample.text, counts: &counts)
        }
        var event = Self.event(for: sample)
        redactor.redact(&event)
        switch sample.channel {
        case .text: return sample.text  // handled above
        case .header(let name): return event.request.headers[name] ?? ""
        case .json, .form: return event.request.body?.text ?? ""
        case .url: return event.request.url
        case .sse: return event.sseEvents.first?.data ?? ""
        }
    }

    /// The exchange that carries `sample` in its channel.
    static func event(for sample: LabelledSample) -> NetworkEvent {
        let date = Date(timeIntervalSince1970: 1_764_000_000)
        var request = CapturedRequest(method: "POST", url: "https://api.example.com/v1/ingest",
                                      headers: [HTTPHeader(name: "Host", value: "api.example.com")])
        var sseEvents: [SSEEvent] = []
        var response: CapturedResponse?
        switch sample.channel {
        case .text: break
        case .header(let name): request.headers.append(HTTPHeader(name: name, value: sample.text))
        case .json:
            request.headers.append(HTTPHeader(name: "Content-Type", value: "application/json"))
            request.body = CapturedBody(contentType: "application/json", text: sample.text)
        case .form:
            request.headers.append(HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"))
            request.body = CapturedBody(contentType: "application/x-www-form-urlencoded", text: sample.text)
        case .url:
            request.method = "GET"
            request.url = sample.text
        case .sse:
            request.method = "GET"
            request.headers.append(HTTPHeader(name: "Accept", value: "text/event-stream"))
            response = CapturedResponse(status: 200, reason: "OK", headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")])
            sseEvents = [SSEEvent(receivedAt: date, data: sample.text)]
        }
        return NetworkEvent(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 13)), source: .proxyForward,
                            state: .complete, startedAt: date, request: request, response: response, sseEvents: sseEvents)
    }
}
