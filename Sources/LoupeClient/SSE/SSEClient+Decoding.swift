import Foundation
import LoupeCore

extension SSEClient {
    /// Opens the stream like ``events(_:)`` and decodes each event's `data` as JSON into `type`.
    ///
    /// Events whose type is not in `eventTypes` are skipped (all are decoded when it is nil). The
    /// stream throws ``SSEClientError/undecodableEvent(type:reason:)`` at the first event that
    /// does not decode, and closes the connection.
    ///
    /// ```swift
    /// for try await delta in client.events(request, decoding: MessageDelta.self) { … }
    /// ```
    public func events<Value: Decodable & Sendable>(
        _ request: SSERequest, decoding type: Value.Type, decoder: JSONDecoder = JSONDecoder(),
        eventTypes: Set<String>? = nil
    ) -> AsyncThrowingStream<Value, any Error> {
        let events = events(request)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self, throwing: (any Error).self)
        let task = Task {
            do {
                for try await event in events {
                    if let eventTypes, !eventTypes.contains(event.type) { continue }
                    let value: Value
                    do {
                        value = try decoder.decode(Value.self, from: Data(event.data.utf8))
                    } catch {
                        throw SSEClientError.undecodableEvent(type: event.type, reason: DecodingFailure(error).sentence)
                    }
                    if case .terminated = continuation.yield(value) { return }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
