/// Why an exchange failed: a machine-readable kind and a sentence for people.
public struct EventError: Codable, Sendable, Hashable {
    /// An open set of failure kinds, encoded as a plain string so new kinds stay readable by old
    /// versions.
    public struct Kind: RawRepresentable, Codable, Sendable, Hashable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        public static let connectionRefused: Kind = "connectionRefused"
        public static let dnsFailure: Kind = "dnsFailure"
        public static let timeout: Kind = "timeout"
        public static let cancelled: Kind = "cancelled"
        public static let tls: Kind = "tls"
        public static let protocolError: Kind = "protocolError"
        public static let connectionClosed: Kind = "connectionClosed"
        public static let http: Kind = "http"
        public static let decoding: Kind = "decoding"
        public static let other: Kind = "other"

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}
