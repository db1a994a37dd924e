import Foundation
import LoupeCore

extension SSEClient {
    /// Records one connection attempt as one ``NetworkEvent``: pending when sent, streaming once
    /// the head arrived, each event appended live, finished with the outcome. Does nothing without
    /// a logger.
    struct AttemptLog {
        let logger: NetworkLogger?
        private(set) var id: UUID?

        init(logger: NetworkLogger?) {
            self.logger = logger
        }

        mutating func record(_ event: NetworkEvent) async {
            guard let logger else { return }
            id = event.id
            await logger.record(event)
        }

        func open(response: CapturedResponse, ttfb: Double) async {
            guard let logger, let id else { return }
            await logger.update(id: id) { event in
                event.response = response
                event.timings.ttfb = ttfb
                event.state = .streaming
            }
        }

        func append(_ sseEvent: SSEEvent) async {
            guard let logger, let id else { return }
            await logger.appendSSE(id: id, sseEvent)
        }

        func finish(response: CapturedResponse? = nil, ttfb: Double? = nil, error: EventError? = nil) async {
            guard let logger, let id else { return }
            if let ttfb { await logger.update(id: id) { $0.timings.ttfb = ttfb } }
            await logger.finish(id: id, response: response, error: error)
        }
    }
}
