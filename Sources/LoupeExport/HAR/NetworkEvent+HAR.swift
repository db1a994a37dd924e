import Foundation
import LoupeCore

extension NetworkEvent {
    /// The event a HAR entry describes: exact for entries Loupe wrote (its `_` members), best
    /// effort for other tools' files. Not redacted: readers pass the result through a redactor.
    ///
    /// - Throws: A sentence saying which member is unusable, when the start time cannot be read.
    public init(harEntry entry: HAREntry) throws(HARConversionError) {
        guard let startedAt = InternetTime.date(from: entry.startedDateTime) else {
            throw HARConversionError(member: "startedDateTime",
                                     reason: "\"\(entry.startedDateTime.prefix(40))\" is not an ISO-8601 time")
        }
        let harRequest = entry.request
        let request = CapturedRequest(
            method: harRequest.method, url: entry.originalURL ?? harRequest.url,
            httpVersion: harRequest.httpVersion.isEmpty ? "HTTP/1.1" : harRequest.httpVersion,
            headers: harRequest.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
            body: harRequest.postData.flatMap { CapturedBody(postData: $0, size: harRequest.bodySize) })

        let hasResponse = entry.response.status > 0
        let response = hasResponse ? CapturedResponse(entry.response) : nil
        let isLoupe = entry.loupeID != nil
        var timings = EventTimings()
        if isLoupe {
            timings.ttfb = entry.ttfb
            timings.total = entry.totalKnown == false ? nil : entry.time
        } else {
            // Before the first response byte: every phase up to and including `wait` (-1 = not applicable).
            let phases = [entry.timings.blocked, entry.timings.dns, entry.timings.connect, entry.timings.send,
                          entry.timings.wait].compactMap { $0 }.filter { $0 > 0 }
            timings.ttfb = hasResponse ? phases.reduce(0, +) : nil
            timings.total = entry.time
        }
        if let connect = entry.timings.connect, connect >= 0 {
            let ssl = entry.timings.ssl.flatMap { $0 >= 0 ? $0 : nil }
            timings.connect = max(0, connect - (ssl ?? 0))
            timings.tls = ssl
        }

        var error = entry.error.map { EventError(kind: EventError.Kind(rawValue: $0.kind), message: $0.message) }
        // Another tool's entry without a response failed (Chrome writes status 0); Loupe's own
        // entries say so in `_state` and `_error`.
        if error == nil, !hasResponse, !isLoupe {
            error = EventError(kind: .other, message: entry.response.error ?? "No response was recorded.")
        }
        let state = entry.state.flatMap(State.init(rawValue:)) ?? (error == nil ? .complete : .failed)

        self.init(
            id: entry.loupeID.flatMap(UUID.init(uuidString:)) ?? .random(),
            sequence: entry.sequence ?? 0,
            source: entry.source.flatMap(Source.init(rawValue:)) ?? (entry.tunnel != nil ? .tunnel : .proxyForward),
            state: state, startedAt: startedAt, timings: timings, request: request, response: response,
            sseEvents: (entry.eventStream ?? []).map {
                SSEEvent(receivedAt: Date(timeIntervalSince1970: $0.time), type: $0.type, id: $0.id, data: $0.data,
                         retry: $0.retry)
            },
            webSocket: Self.webSocket(of: entry),
            grpc: entry.grpc?.log,
            tunnel: entry.tunnel.map { TunnelInfo(host: $0.host, port: $0.port, bytesUp: $0.bytesUp, bytesDown: $0.bytesDown) },
            tls: entry.tls?.tlsInfo,
            error: error, requestID: entry.requestID, attempt: entry.attempt, redactions: entry.redactions ?? [:])
    }
}

extension NetworkEvent {
    /// The WebSocket log of an entry: Loupe's `_webSocket` with its messages, or a connection
    /// Chrome recorded (`_webSocketMessages`, or `_resourceType` websocket); nil otherwise.
    static func webSocket(of entry: HAREntry) -> WebSocketLog? {
        guard entry.webSocket != nil || entry.webSocketMessages != nil || entry.resourceType == "websocket" else {
            return nil
        }
        let messages = (entry.webSocketMessages ?? []).compactMap(\.message)
        return entry.webSocket?.log(messages: messages) ?? WebSocketLog(messages: messages)
    }
}

/// A HAR entry member that cannot become part of an event.
public struct HARConversionError: Error, Sendable, Hashable {
    /// The member's name within the entry, e.g. `startedDateTime`.
    public var member: String
    public var reason: String
}

extension CapturedResponse {
    init(_ response: HARResponse) {
        self.init(status: response.status, reason: response.statusText,
                  httpVersion: response.httpVersion.isEmpty ? "HTTP/1.1" : response.httpVersion,
                  headers: response.headers.map { HTTPHeader(name: $0.name, value: $0.value) },
                  body: CapturedBody(content: response.content, size: response.bodySize))
        trailers = response.trailers?.map { HTTPHeader(name: $0.name, value: $0.value) }
    }
}

extension CapturedBody {
    /// A request body from `postData`: its text, or the form rebuilt from `params`.
    init?(postData: HARPostData, size: Int) {
        let contentType = postData.mimeType.isEmpty ? nil : postData.mimeType
        if let text = postData.text {
            self.init(contentType: contentType, text: text, originalSize: size >= 0 ? size : nil)
        } else if let params = postData.params {
            let form = params.map { parameter in
                let name = parameter.name.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? parameter.name
                let value = parameter.value.map { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? $0 }
                return value.map { "\(name)=\($0)" } ?? name
            }.joined(separator: "&")
            self.init(contentType: contentType, text: form, originalSize: size >= 0 ? size : nil)
        } else {
            return nil
        }
    }

    /// A response body from `content`: Loupe's own omission markers, text, base64 text that
    /// decodes to UTF-8, or an omitted binary body; nil for an empty body.
    init?(content: HARContent, size: Int) {
        let contentType = content.mimeType.isEmpty || content.mimeType == "x-unknown" ? nil : content.mimeType
        let originalSize = content.size >= 0 ? content.size : max(size, 0)
        if let omitted = content.omitted {
            self.init(contentType: contentType, originalSize: originalSize,
                      omitted: Omission(reason: OmissionReason(rawValue: omitted) ?? .notCaptured, sha256: content.sha256),
                      decodedFrom: content.decodedFrom.flatMap(ContentCoding.init(rawValue:)))
            return
        }
        guard var text = content.text else {
            guard originalSize > 0 else { return nil }
            self.init(contentType: contentType, originalSize: originalSize, omitted: Omission(reason: .notCaptured))
            return
        }
        if content.encoding?.lowercased() == "base64" {
            // Loupe keeps text only: base64 content that is not UTF-8 text stays out, as at capture.
            guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters),
                  let decoded = String(validatingUTF8Bytes: bytes), !decoded.contains("\0")
            else {
                self.init(contentType: contentType, originalSize: originalSize, omitted: Omission(reason: .binary))
                return
            }
            text = decoded
        }
        if text.isEmpty, originalSize == 0 { return nil }
        self.init(contentType: contentType, text: text, originalSize: originalSize, truncated: content.truncated ?? false,
                  decodedFrom: content.decodedFrom.flatMap(ContentCoding.init(rawValue:)))
    }
}

extension String {
    /// The text of `bytes` when they are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: Data) {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        self = text
    }
}
