/// What a gRPC call (`content-type: application/grpc…`) carried, beyond its HTTP exchange: its
/// messages each way and the outcome its trailers gave.
///
/// JSON shape: `{"messages": [GRPCMessage], "droppedMessages", "status", "statusMessage"}`.
public struct GRPCLog: Codable, Sendable, Hashable {
    /// The messages, in the order they completed.
    public var messages: [GRPCMessage]
    /// Messages seen but not kept, past the per-call limit.
    public var droppedMessages: Int
    /// `grpc-status` from the trailers (or a trailers-only response's headers): 0 is OK.
    public var status: Int?
    /// `grpc-message`, percent-decoded and redacted.
    public var statusMessage: String?

    public init(messages: [GRPCMessage] = [], droppedMessages: Int = 0, status: Int? = nil, statusMessage: String? = nil) {
        self.messages = messages
        self.droppedMessages = droppedMessages
        self.status = status
        self.statusMessage = statusMessage
    }

    /// The name of a gRPC status code (`OK`, `NOT_FOUND` …), as the gRPC specification spells it.
    public static func statusName(_ code: Int) -> String {
        let names = ["OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
                     "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
                     "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"]
        return names.indices.contains(code) ? names[code] : "status \(code)"
    }
}
