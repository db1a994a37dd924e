/// A captured message body. Text bodies are stored (possibly truncated); binary bodies are never
/// stored, only their size and, when the source computed it, their SHA-256 digest.
///
/// JSON shape: `{"contentType", "originalSize", "text" | "omitted": {"reason", "sha256"},
/// "truncated", "decodedFrom"}`.
public struct CapturedBody: Codable, Sendable, Hashable {
    /// Why a body's content was not stored.
    public enum OmissionReason: String, Codable, Sendable, Hashable, CaseIterable {
        /// Not text: images, archives, protobuf and other bytes.
        case binary
        /// Capture was turned off for this body.
        case notCaptured
        /// The body was compressed with a coding Loupe cannot decode.
        case undecodable
    }

    /// The `omitted` member: why there is no text, and the digest of the bytes when known.
    public struct Omission: Codable, Sendable, Hashable {
        public var reason: OmissionReason
        /// Lower-case hex SHA-256 of the (decoded) body bytes.
        public var sha256: String?

        public init(reason: OmissionReason, sha256: String? = nil) {
            self.reason = reason
            self.sha256 = sha256
        }
    }

    /// A compression the source removed before capture.
    public enum ContentCoding: String, Codable, Sendable, Hashable, CaseIterable {
        case gzip
        case deflate
    }

    /// The `Content-Type` of the message, if any.
    public var contentType: String?
    /// Size in bytes of the body as it was on the wire, before decoding or truncation.
    public var originalSize: Int
    /// The stored text, or nil when ``omitted`` says why not.
    public var text: String?
    public var omitted: Omission?
    /// Whether ``text`` holds only a prefix of the body (capture limit).
    public var truncated: Bool
    public var decodedFrom: ContentCoding?

    /// A text body.
    public init(contentType: String?, text: String, originalSize: Int? = nil, truncated: Bool = false,
                decodedFrom: ContentCoding? = nil) {
        self.contentType = contentType
        self.originalSize = originalSize ?? text.utf8.count
        self.text = text
        self.omitted = nil
        self.truncated = truncated
        self.decodedFrom = decodedFrom
    }

    /// A body whose content is not stored.
    public init(contentType: String?, originalSize: Int, omitted: Omission, decodedFrom: ContentCoding? = nil) {
        self.contentType = contentType
        self.originalSize = originalSize
        self.text = nil
        self.omitted = omitted
        self.truncated = false
        self.decodedFrom = decodedFrom
    }

    private enum CodingKeys: String, CodingKey {
        case contentType, originalSize, text, omitted, truncated, decodedFrom
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contentType = try container.decodeIfPresent(String.self, forKey: .contentType)
        originalSize = try container.decode(Int.self, forKey: .originalSize)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        omitted = try container.decodeIfPresent(Omission.self, forKey: .omitted)
        truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        decodedFrom = try container.decodeIfPresent(ContentCoding.self, forKey: .decodedFrom)
        guard (text == nil) != (omitted == nil) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "A body has exactly one of \"text\" and \"omitted\"."))
        }
    }
}
