import GRPCCore

/// A gRPC service `echo.Echo` with one method of each RPC shape and two that fail, registered by
/// hand (no protobuf, no generated code): its messages are UTF-8 strings.
///
/// - `Get` (unary) replies `echo: <request>`.
/// - `Expand` (server streaming) replies with each space-separated word of the request in turn.
/// - `Collect` (client streaming) replies with the request messages joined by commas.
/// - `Chat` (bidirectional) replies `echo: <message>` to each message as it arrives.
/// - `Find` (unary) sends its response headers, then fails with `NOT_FOUND` "no such thing" in
///   the trailers.
/// - `Reject` (unary) fails at once with `PERMISSION_DENIED` "not yours": a trailers-only response.
@available(macOS 15.0, *)
struct GRPCEchoService: RegistrableRPCService {
    static let get = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Get")
    static let expand = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Expand")
    static let collect = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Collect")
    static let chat = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Chat")
    static let find = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Find")
    static let reject = MethodDescriptor(fullyQualifiedService: "echo.Echo", method: "Reject")

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        register(Self.get, in: &router) { request in
            let single = try await ServerRequest(stream: request)
            return StreamingServerResponse(single: ServerResponse(message: "echo: \(single.message)"))
        }
        register(Self.expand, in: &router) { request in
            let single = try await ServerRequest(stream: request)
            return StreamingServerResponse { writer in
                for word in single.message.split(separator: " ") { try await writer.write(String(word)) }
                return [:]
            }
        }
        register(Self.collect, in: &router) { request in
            var messages: [String] = []
            for try await message in request.messages { messages.append(message) }
            return StreamingServerResponse(single: ServerResponse(message: messages.joined(separator: ",")))
        }
        register(Self.chat, in: &router) { request in
            StreamingServerResponse { writer in
                for try await message in request.messages { try await writer.write("echo: \(message)") }
                return [:]
            }
        }
        register(Self.find, in: &router) { request in
            _ = try await ServerRequest(stream: request)
            // Failing inside the producer, after the response headers went out, puts the status
            // in a real trailer section rather than a trailers-only response.
            return StreamingServerResponse { _ in throw RPCError(code: .notFound, message: "no such thing") }
        }
        register(Self.reject, in: &router) { _ in
            throw RPCError(code: .permissionDenied, message: "not yours")
        }
    }

    private func register<Transport: ServerTransport>(
        _ method: MethodDescriptor, in router: inout RPCRouter<Transport>,
        _ handler: @escaping @Sendable (StreamingServerRequest<String>) async throws -> StreamingServerResponse<String>
    ) {
        router.registerHandler(forMethod: method, deserializer: UTF8MessageDeserializer(),
                               serializer: UTF8MessageSerializer()) { request, _ in try await handler(request) }
    }
}

/// Serializes a `String` message as its UTF-8 bytes.
@available(macOS 15.0, *)
struct UTF8MessageSerializer: MessageSerializer {
    func serialize<Bytes: GRPCContiguousBytes>(_ message: String) throws -> Bytes {
        Bytes(message.utf8)
    }
}

/// Deserializes a message's bytes as UTF-8 text.
@available(macOS 15.0, *)
struct UTF8MessageDeserializer: MessageDeserializer {
    func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> String {
        serializedMessageBytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
}
