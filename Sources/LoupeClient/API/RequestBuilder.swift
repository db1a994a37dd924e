import Foundation
import LoupeCore

/// Turns an ``APIEndpoint`` and its body into an ``APIRequest`` (base URL + path + query,
/// `Accept` / `Content-Type`, JSON body) and a response body back into the endpoint's type.
///
/// Dates are ISO 8601: written without fractional seconds (what most servers' decoders accept),
/// read with or without them. Keys are the Swift property names, or snake_case with
/// ``KeyStyle/snakeCase``.
///
/// ```swift
/// let builder = RequestBuilder(baseURL: URL(string: "http://127.0.0.1:8080/api")!, keyStyle: .snakeCase)
/// let request = try builder.request(for: GetConversation(id: "42"), body: EmptyBody())
/// // GET http://127.0.0.1:8080/api/conversations/42, Accept: application/json
/// ```
public struct RequestBuilder: Sendable {
    /// How JSON keys are spelt on the wire.
    public enum KeyStyle: Sendable, Hashable {
        /// As the Swift property names: `createdAt`.
        case camelCase
        /// Converted to and from snake case: `created_at`. Acronyms do not survive the round trip
        /// (`conversation_id` decodes to `conversationId`, not `conversationID`): name properties
        /// accordingly or give the type its own `CodingKeys`.
        case snakeCase
    }

    /// The URL that endpoint paths are appended to, like `https://api.example.com/v1`.
    public var baseURL: URL
    /// How JSON keys are spelt on the wire.
    public var keyStyle: KeyStyle
    /// Headers sent with every request (`User-Agent`, say); an endpoint's own headers replace
    /// them by name.
    public var defaultHeaders: [HTTPHeader]
    /// The timeout of endpoints that do not set their own.
    public var timeout: Duration

    /// A builder for the API at `baseURL`.
    public init(baseURL: URL, keyStyle: KeyStyle = .camelCase, defaultHeaders: [HTTPHeader] = [],
                timeout: Duration = .seconds(30)) {
        self.baseURL = baseURL
        self.keyStyle = keyStyle
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
    }

    /// The request that sends `endpoint` with `body`.
    ///
    /// - Throws: ``NetworkError/invalidRequest(reason:)`` when the path does not make a URL or
    ///   the body does not encode.
    public func request<Endpoint: APIEndpoint>(for endpoint: Endpoint, body: Endpoint.RequestBody)
        throws(NetworkError) -> APIRequest
    {
        let url = try self.url(path: endpoint.path, query: endpoint.query)
        var request = APIRequest(method: endpoint.method, url: url, timeout: endpoint.timeout ?? timeout,
                                 requiresAuth: endpoint.requiresAuth, isIdempotent: endpoint.isIdempotent)
        request.setHeader("Accept", "application/json")
        if !(body is EmptyBody) {
            do {
                request.body = try encoder().encode(body)
            } catch {
                throw .invalidRequest(reason: "the \(Endpoint.RequestBody.self) body does not encode as JSON: "
                                      + DecodingFailure.encoding(error))
            }
            request.setHeader("Content-Type", "application/json")
        }
        for header in defaultHeaders + endpoint.headers { request.setHeader(header.name, header.value) }
        return request
    }

    /// The absolute URL of `path` (with `query`) under ``baseURL``.
    public func url(path: String, query: [URLQueryItem] = []) throws(NetworkError) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var text = base + (path.hasPrefix("/") ? path : "/" + path)
        if !query.isEmpty {
            text += (text.contains("?") ? "&" : "?") + query.map { item in
                Self.percentEncoded(item.name) + (item.value.map { "=" + Self.percentEncoded($0) } ?? "")
            }.joined(separator: "&")
        }
        guard let url = URL(string: text), url.host != nil else {
            throw .invalidRequest(reason: "the path '\(path)' does not make a valid URL under \(baseURL.absoluteString).")
        }
        return url
    }

    /// Decodes a response body into `type`; ``EmptyBody`` accepts any body.
    ///
    /// - Throws: ``NetworkError/unexpectedPayload(path:reason:)`` naming where decoding failed.
    public func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(NetworkError) -> Value {
        if let empty = EmptyBody() as? Value { return empty }
        do {
            return try decoder().decode(type, from: data)
        } catch {
            let failure = DecodingFailure(error)
            throw .unexpectedPayload(path: failure.path, reason: failure.sentence)
        }
    }

    /// The JSON encoder for request bodies.
    public func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        if keyStyle == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return encoder
    }

    /// The JSON decoder for response bodies.
    public func decoder() -> JSONDecoder {
        let decoder = JSONDecoder.loupe()  // ISO 8601 with or without fractional seconds
        if keyStyle == .snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        return decoder
    }

    /// Query parameters encoded so that `+`, `&`, `=` and `#` in values survive.
    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? text
    }

    private static let queryValueAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+&=#;")
        return allowed
    }()
}
