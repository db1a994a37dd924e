import Foundation
import LoupeCore

/// One change to the log that the proxy's event loops queue for the ``NetworkLogger``; they are
/// applied in order, in batches, so forwarding never waits for redaction.
///
/// The large cases are `indirect`: a command is copied into the queue, into a batch and out of
/// it, and a boxed payload is one reference to retain instead of every string and array of an
/// event (those copies were a twentieth of a proxied request's instructions).
enum ProxyLogCommand: Sendable {
    /// A new exchange or tunnel, as far as it is known.
    indirect case record(NetworkEvent)
    /// The captured request body, once the request ended.
    case requestBody(UUID, CapturedBody)
    /// The response head arrived `ttfb` milliseconds after the exchange started; `setup` is how
    /// long opening the upstream connection took, when the exchange opened one.
    indirect case responseHead(UUID, CapturedResponse, ttfb: Double, setup: UpstreamConnection.Setup?)
    /// One server-sent event parsed from a streaming response.
    case sse(UUID, SSEEvent)
    /// The server switched the exchange to the WebSocket protocol, with these extensions.
    case webSocketOpened(UUID, extensions: String?)
    /// One WebSocket message read from the relayed connection.
    indirect case webSocket(UUID, WebSocketMessage)
    /// The exchange ended: the captured response body, the failure and the tunnel counts, if any.
    indirect case finish(UUID, Finish)

    /// What is known when an exchange ends.
    struct Finish: Sendable {
        var responseBody: CapturedBody?
        /// The response's trailer section, if it had one.
        var responseTrailers: [HTTPHeader]?
        /// A gRPC call's messages and status.
        var grpc: GRPCLog?
        /// A response made by the proxy itself (502, 504, 403 …) when none came from upstream.
        var response: CapturedResponse?
        var error: EventError?
        var tunnel: TunnelInfo?
        var tls: TLSInfo?
        /// A WebSocket connection's counters and close; its messages were appended one by one.
        var webSocket: WebSocketLog?
        var at: Date = Date()
    }
}

extension NetworkEvent {
    /// Applies a finish the way ``NetworkLogger/finish(id:response:error:at:)`` does, plus the
    /// proxy's extras, so a batch can do it in one redaction.
    mutating func apply(_ finish: ProxyLogCommand.Finish) {
        if let response = finish.response { self.response = response }
        if let body = finish.responseBody { response?.body = body }
        if let trailers = finish.responseTrailers { response?.trailers = trailers }
        if let grpc = finish.grpc { self.grpc = grpc }
        if let error = finish.error { self.error = error }
        if let tunnel = finish.tunnel { self.tunnel = tunnel }
        if let tls = finish.tls { self.tls = tls }
        if let webSocket = finish.webSocket { self.webSocket = webSocket.summary(keepingMessagesOf: self.webSocket) }
        state = error == nil ? .complete : .failed
        timings.total = finish.at.timeIntervalSince(startedAt) * 1000
    }
}

extension NetworkLogger {
    /// Applies a batch of proxy commands in one actor hop. An exchange recorded and finished within
    /// the same batch is stored once, in its final form, which costs one redaction instead of three;
    /// an exchange stored by an earlier batch is redacted once for all of this batch's changes.
    ///
    /// - Returns: The stored form of every exchange that finished, when `returnFinished` is set.
    func ingest(_ batch: [ProxyLogCommand], returnFinished: Bool) -> [NetworkEvent] {
        var unrecorded: [UUID: NetworkEvent] = [:]
        var order: [UUID] = []
        // Exchanges stored by an earlier batch that this one changes: the changes are applied to a
        // copy and stored once, with one redaction, instead of one redaction per change (a
        // response head and a finish in the same batch were two).
        var staged: [UUID: NetworkEvent] = [:]
        var stagedOrder: [UUID] = []
        var finished: [NetworkEvent] = []

        unrecorded.reserveCapacity(batch.count)
        order.reserveCapacity(batch.count)

        // One lookup, and the event changed where it lies: `unrecorded[id]!` moved each event
        // out of the dictionary and back, a few hundred bytes each way.
        func change(_ id: UUID, _ body: @Sendable (inout NetworkEvent) -> Void) {
            if let index = unrecorded.index(forKey: id) {
                body(&unrecorded.values[index])
            } else if let index = staged.index(forKey: id) {
                body(&staged.values[index])
            } else if var event = event(id: id) {
                body(&event)
                staged[id] = event
                stagedOrder.append(id)
            } else {
                update(id: id, body)  // not stored: counted as a late update
            }
        }

        func flush(_ id: UUID) {
            if let event = unrecorded.removeValue(forKey: id) { record(event) }
            if let event = staged.removeValue(forKey: id) { update(event) }
        }

        for command in batch {
            switch command {
            case .record(let event):
                unrecorded[event.id] = event
                order.append(event.id)
            case .requestBody(let id, let body):
                change(id) { $0.request.body = body }
            case .responseHead(let id, let response, let ttfb, let setup):
                change(id) {
                    $0.response = response
                    $0.timings.ttfb = ttfb
                    $0.timings.connect = setup?.connect
                    $0.timings.tls = setup?.tls
                }
            case .sse(let id, let sseEvent):
                // SSE events are redacted one by one as they are appended; the exchange must be stored first.
                flush(id)
                appendSSE(id: id, sseEvent)
            case .webSocketOpened(let id, let extensions):
                change(id) { $0.webSocket = WebSocketLog(extensions: extensions) }
            case .webSocket(let id, let message):
                // Like SSE events, messages are redacted one by one as they are appended.
                flush(id)
                appendWebSocket(id: id, message)
            case .finish(let id, let finish):
                change(id) { $0.apply(finish) }
            }
        }
        for id in stagedOrder {
            guard let event = staged[id] else { continue }
            update(event)
            if returnFinished, event.state.isFinal, let stored = self.event(id: id) { finished.append(stored) }
        }
        for id in order {
            guard let event = unrecorded[id] else { continue }
            let stored = record(event)
            if returnFinished, stored.state.isFinal { finished.append(stored) }
        }
        return finished
    }
}
