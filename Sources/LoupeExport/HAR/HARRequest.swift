/// A HAR `request` object.
public struct HARRequest: Codable, Sendable, Hashable {
    public var method: String
    public var url: String
    public var httpVersion: String
    public var cookies: [HARCookie]
    public var headers: [HARNameValue]
    public var queryString: [HARNameValue]
    public var postData: HARPostData?
    /// -1: Loupe does not keep the exact head size.
    public var headersSize: Int
    /// The body's size on the wire, 0 without a body.
    public var bodySize: Int

    public init(method: String, url: String, httpVersion: String, cookies: [HARCookie], headers: [HARNameValue],
                queryString: [HARNameValue], postData: HARPostData?, headersSize: Int = -1, bodySize: Int) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        self.headersSize = headersSize
        self.bodySize = bodySize
    }

    private enum CodingKeys: String, CodingKey {
        case method, url, httpVersion, cookies, headers, queryString, postData, headersSize, bodySize
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? ""
        cookies = try container.decodeIfPresent([HARCookie].self, forKey: .cookies) ?? []
        headers = try container.decodeIfPresent([HARNameValue].self, forKey: .headers) ?? []
        queryString = try container.decodeIfPresent([HARNameValue].self, forKey: .queryString) ?? []
        postData = try container.decodeIfPresent(HARPostData.self, forKey: .postData)
        headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
        bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
    }
}

/// A request body: its MIME type, text and, for forms, the parsed fields.
public struct HARPostData: Codable, Sendable, Hashable {
    public var mimeType: String
    public var text: String?
    public var params: [HARPostParameter]?

    public init(mimeType: String, text: String?, params: [HARPostParameter]? = nil) {
        self.mimeType = mimeType
        self.text = text
        self.params = params
    }

    private enum CodingKeys: String, CodingKey { case mimeType, text, params }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text)
        params = try container.decodeIfPresent([HARPostParameter].self, forKey: .params)
    }
}

/// One field of a posted form (`fileName` and `contentType` for uploads).
public struct HARPostParameter: Codable, Sendable, Hashable {
    public var name: String
    public var value: String?
    public var fileName: String?
    public var contentType: String?

    public init(name: String, value: String?, fileName: String? = nil, contentType: String? = nil) {
        self.name = name
        self.value = value
        self.fileName = fileName
        self.contentType = contentType
    }
}
