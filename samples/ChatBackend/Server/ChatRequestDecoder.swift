import ChatAPI
import Foundation
import Hummingbird

/// Decodes JSON request bodies and turns every failure into a 400 whose message says what was wrong.
struct ChatRequestDecoder: RequestDecoder {
    /// Request bodies are small JSON documents; anything larger is a client mistake.
    static let maxBodySize = 64 * 1024

    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maxBodySize)
        } catch {
            throw ChatError(.contentTooLarge, "bad_request", "The request body is larger than \(Self.maxBodySize) bytes.")
        }
        if buffer.readableBytes == 0 {
            throw ChatError.badRequest("The request body is empty; send a JSON object.")
        }
        do {
            return try ChatJSON.makeDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw ChatError.badRequest(Self.describe(error))
        }
    }

    /// A sentence naming the field and the problem, without echoing the body (it may hold secrets).
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the body" : "\"" + codingPath.map(\.stringValue).joined(separator: ".") + "\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "The request body lacks the field \(path(context.codingPath + [key]))."
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "The field \(path(context.codingPath)) should be \(describe(type))."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "The request body is not valid JSON."
            }
            return "The field \(path(context.codingPath)) is invalid: \(context.debugDescription)"
        @unknown default:
            return "The request body could not be read as JSON."
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "of type \(type)"
        }
    }
}
