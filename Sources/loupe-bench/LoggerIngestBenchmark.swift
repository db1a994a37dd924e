import Foundation
import LoupeCore
import LoupeRedaction
import Synchronization

/// Records small, realistic GET exchanges into a ``NetworkLogger`` whose byte budget is the binding
/// bound, from one producer task, and reports the throughput and the process's memory.
struct LoggerIngestBenchmark: Benchmark {
    let name = "logger"
    let summary = "ingest of small GET exchanges into a 64 MiB NetworkLogger, identity and built-in redactor, against a locked array"

    static let defaultEvents = 1_000_000
    static let maxBytes = 64 * 1024 * 1024
    static let targetEventsPerSecond = 200_000
    /// The ring buffer's budget plus room for the runtime, allocator slack and the table.
    static let targetPeakResident = maxBytes + 50 * 1024 * 1024
    /// The proxy's logger redacts every exchange on one core, so this rate caps its requests/s.
    static let targetRedactedEventsPerSecond = 15_000

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let eventCount = max(1, options.events ?? Self.defaultEvents)
        // Enough events that only the byte budget ever evicts.
        let logger = NetworkLogger(configuration: .init(maxEvents: eventCount + 1, maxBytes: Self.maxBytes))
        let template = Self.template()

        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<eventCount {
            await logger.record(Self.event(number: index, id: .random(), from: template))
        }
        let elapsed = clock.now - start

        let stats = await logger.stats
        let rate = Int(Double(eventCount) / max(elapsed.seconds, 1e-9))
        let peak = ProcessMemory.peakResident
        let current = ProcessMemory.currentResident
        let redactedRate = await Self.redactedRate(events: max(1, eventCount / 10), template: template)
        let arrayRate = Self.lockedArrayRate(events: eventCount, bound: max(1, stats.storedEvents), template: template)
        let unknown = "n/a (no /proc)"
        return [
            .judged("events/s", Format.grouped(rate), target: ">= \(Format.grouped(Self.targetEventsPerSecond))",
                    meets: rate >= Self.targetEventsPerSecond),
            Measurement(metric: "events/s, comparison: Mutex<[NetworkEvent]>, same events and bound",
                        value: Format.grouped(arrayRate)),
            Measurement(metric: "events recorded", value: Format.grouped(eventCount)),
            .judged("events/s, built-in redactor (\(Format.grouped(max(1, eventCount / 10))) events)",
                    Format.grouped(redactedRate), target: ">= \(Format.grouped(Self.targetRedactedEventsPerSecond))",
                    meets: redactedRate >= Self.targetRedactedEventsPerSecond),
            Measurement(metric: "elapsed", value: Format.seconds(elapsed)),
            Measurement(metric: "stored events", value: Format.grouped(stats.storedEvents)),
            Measurement(metric: "stored bytes", value: Format.mebibytes(stats.storedBytes)),
            Measurement(metric: "evicted events", value: Format.grouped(stats.evictedEvents)),
            peak.map {
                .judged("peak RSS (VmHWM)", Format.mebibytes($0), target: "<= \(Format.mebibytes(Self.targetPeakResident))",
                        meets: $0 <= Self.targetPeakResident)
            } ?? Measurement(metric: "peak RSS (VmHWM)", value: unknown),
            Measurement(metric: "current RSS (VmRSS)", value: current.map(Format.mebibytes) ?? unknown),
        ]
    }

    /// Events/s recorded into a logger with the default redacting configuration, as the proxy uses.
    /// Run after the memory is read, so the figures above are the identity logger's.
    static func redactedRate(events: Int, template: NetworkEvent) async -> Int {
        let logger = NetworkLogger(configuration: .redacting())
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<events {
            await logger.record(event(number: index, id: .random(), from: template))
        }
        return Int(Double(events) / max((clock.now - start).seconds, 1e-9))
    }

    /// The baseline for the logger's figure: the same events appended to a plain array behind a
    /// `Mutex`, keeping at most `bound` of them (the logger's final count, so both hold as many),
    /// with no actor hop, redaction, byte accounting, capture filter or subscribers. Run after the
    /// memory is read, like ``redactedRate(events:template:)``.
    static func lockedArrayRate(events: Int, bound: Int, template: NetworkEvent) -> Int {
        let store = Mutex<(events: [NetworkEvent], next: Int)>(([], 0))
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<events {
            let event = event(number: index, id: .random(), from: template)
            store.withLock { store in
                // Past the bound the oldest slot is overwritten, as the ring buffer evicts.
                if store.events.count < bound { store.events.append(event) } else { store.events[store.next] = event }
                store.next = (store.next + 1) % bound
            }
        }
        return Int(Double(events) / max((clock.now - start).seconds, 1e-9))
    }

    /// A completed `GET` with a few headers and a short JSON response.
    static func template() -> NetworkEvent {
        NetworkEvent(
            source: .apiClient, state: .complete,
            timings: EventTimings(ttfb: 11.5, total: 14.25),
            request: CapturedRequest(
                method: "GET", url: "https://api.example.com/v1/conversations/0/messages?limit=20",
                headers: [
                    HTTPHeader(name: "Host", value: "api.example.com"),
                    HTTPHeader(name: "Accept", value: "application/json"),
                    HTTPHeader(name: "User-Agent", value: "LoupeBench/1.0"),
                    HTTPHeader(name: "X-Request-ID", value: ""),
                ]),
            response: CapturedResponse(
                status: 200, reason: "OK",
                headers: [
                    HTTPHeader(name: "Content-Type", value: "application/json"),
                    HTTPHeader(name: "Content-Length", value: "64"),
                    HTTPHeader(name: "Cache-Control", value: "no-store"),
                ],
                body: CapturedBody(contentType: "application/json", text: "")),
            attempt: 1)
    }

    /// A copy of the template with the strings a real exchange would not share with others.
    static func event(number: Int, id: UUID, from template: NetworkEvent) -> NetworkEvent {
        var event = template
        event.id = id
        event.startedAt = Date()
        event.request.url = "https://api.example.com/v1/conversations/\(number)/messages?limit=20"
        let requestID = "req-\(number)-bench-0000-0000"
        event.request.headers[3].value = requestID
        event.requestID = requestID
        event.response?.body?.text = #"{"id":"msg_\#(number)","role":"assistant","text":"Hello there!"}"#
        return event
    }
}
