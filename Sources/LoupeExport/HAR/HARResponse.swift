/// A HAR `response` object. An exchange without a response is written as Chrome does: status 0,
/// empty texts, `x-unknown` content.
public struct HARResponse: Codable, Sendable, Hashable {
    public var status: Int
    public var statusText: String
    public var httpVersion: String
    public var cookies: [HARCookie]
    public var headers: [HARNameValue]
    public var content: HARContent
    public var redirectURL: String
    public var headersSize: Int
    public var bodySize: Int
    /// Chrome's reason for a failed request, e.g. `net::ERR_CONNECTION_REFUSED`.
    public var error: String?
    /// The trailer section after the body (HAR 1.2 has no place for it).
    public var trailers: [HARNameValue]?

    public init(status: Int, statusText: String, httpVersion: String, cookies: [HARCookie], headers: [HARNameValue],
                content: HARContent, redirectURL: String, headersSize: Int = -1, bodySize: Int) {
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.content = content
        self.redirectURL = redirectURL
        self.headersSize = headersSize
        self.bodySize = bodySize
    }

    /// The response of an exchange that got none.
    public static let none = HARResponse(
        status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
        content: HARContent(size: 0, mimeType: "x-unknown"), redirectURL: "", bodySize: -1)

    private enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
        case error = "_error", trailers = "_trailers"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(Int.self, forKey: .status) ?? 0
        statusText = try container.decodeIfPresent(String.self, forKey: .statusText) ?? ""
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? ""
        cookies = try container.decodeIfPresent([HARCookie].self, forKey: .cookies) ?? []
        headers = try container.decodeIfPresent([HARNameValue].self, forKey: .headers) ?? []
        content = try container.decodeIfPresent(HARContent.self, forKey: .content) ?? HARContent(size: 0, mimeType: "")
        redirectURL = try container.decodeIfPresent(String.self, forKey: .redirectURL) ?? ""
        headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
        bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
        error = try container.decodeIfPresent(String.self, forKey: .error)
        trailers = try container.decodeIfPresent([HARNameValue].self, forKey: .trailers)
    }
}

/// A response body. `text` is plain text; `encoding: "base64"` appears only in files from other
/// tools, since Loupe never stores binary bodies.
public struct HARContent: Codable, Sendable, Hashable {
    public var size: Int
    public var compression: Int?
    public var mimeType: String
    public var text: String?
    public var encoding: String?
    /// Why Loupe did not store the body (`binary`, `notCaptured`, `undecodable`).
    public var omitted: String?
    /// SHA-256 of an omitted body, when known.
    public var sha256: String?
    /// Whether `text` is only a prefix.
    public var truncated: Bool?
    /// The content coding removed before capture (`gzip`, `deflate`).
    public var decodedFrom: String?

    public init(size: Int, compression: Int? = nil, mimeType: String, text: String? = nil, encoding: String? = nil) {
        self.size = size
        self.compression = compression
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    private enum CodingKeys: String, CodingKey {
        case size, compression, mimeType, text, encoding
        case omitted = "_omitted", sha256 = "_sha256", truncated = "_truncated", decodedFrom = "_decodedFrom"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? 0
        compression = try container.decodeIfPresent(Int.self, forKey: .compression)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        omitted = try container.decodeIfPresent(String.self, forKey: .omitted)
        sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
        truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated)
        decodedFrom = try container.decodeIfPresent(String.self, forKey: .decodedFrom)
    }
}
