/// The HTTP Archive 1.2 document model (http://www.softwareishard.com/blog/har-12-spec/), as
/// Loupe writes it and as it reads files from browsers and proxies.
///
/// Decoding is lenient about members HAR producers often leave out (cookies, sizes, timings) and
/// strict about what an exchange cannot do without (method, URL, start time). Loupe's own
/// additions are `_`-prefixed, as the specification asks for custom fields.
public struct HARArchive: Codable, Sendable, Hashable {
    public var log: HARLog

    public init(log: HARLog) { self.log = log }
}

/// The `log` object: version, creator and entries.
public struct HARLog: Codable, Sendable, Hashable {
    public var version: String
    public var creator: HARCreator
    public var entries: [HAREntry]

    public init(version: String = "1.2", creator: HARCreator, entries: [HAREntry]) {
        self.version = version
        self.creator = creator
        self.entries = entries
    }

    private enum CodingKeys: String, CodingKey { case version, creator, entries }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
        creator = try container.decodeIfPresent(HARCreator.self, forKey: .creator) ?? HARCreator(name: "unknown", version: "")
        entries = try container.decodeIfPresent([HAREntry].self, forKey: .entries) ?? []
    }
}

/// `log.creator`: the program that wrote the file.
public struct HARCreator: Codable, Sendable, Hashable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// A `{"name", "value"}` pair: a header or a query-string parameter.
public struct HARNameValue: Codable, Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A cookie sent or set; attributes other than name and value are kept only when present.
public struct HARCookie: Codable, Sendable, Hashable {
    public var name: String
    public var value: String
    public var path: String?
    public var domain: String?
    public var expires: String?
    public var httpOnly: Bool?
    public var secure: Bool?

    public init(name: String, value: String, path: String? = nil, domain: String? = nil, expires: String? = nil,
                httpOnly: Bool? = nil, secure: Bool? = nil) {
        self.name = name
        self.value = value
        self.path = path
        self.domain = domain
        self.expires = expires
        self.httpOnly = httpOnly
        self.secure = secure
    }
}
