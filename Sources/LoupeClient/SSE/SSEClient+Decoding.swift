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
                        throw SSEClientError.undecodableEvent(type: event.type, reason: Self.decodingReason(error))
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

    /// Where and why JSON decoding failed, without quoting the data (it may hold secrets).
    static func decodingReason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it is not valid JSON." }
        let (context, what): (DecodingError.Context, String) = switch error {
        case .typeMismatch(_, let context): (context, "has the wrong type")
        case .valueNotFound(_, let context): (context, "is null")
        case .keyNotFound(let key, let context): (context, "lacks the key '\(key.stringValue)'")
        case .dataCorrupted(let context): (context, "is not valid JSON")
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "is invalid")
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the value \(what)." : "the value at \(path) \(what)."
    }
}
