import AsyncHTTPClient
import ChatAPI
import Foundation
import NIOCore
import NIOHTTP1

/// An AsyncHTTPClient-based client for a backend listening on a real port, for what only a
/// socket shows: connections closed mid-stream, and streaming read chunk by chunk.
struct LiveChatClient {
    let port: Int

    /// Outcome of reading an event stream until it ends or breaks.
    struct StreamResult {
        var status: Int
        var events: [ServerSentEvent]
        /// The error that ended the body, when the connection dropped.
        var error: (any Error)?
    }

    func request(_ method: HTTPMethod, _ path: String, token: String? = nil, headers: [(String, String)] = [], json body: (some Encodable)?) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let token {
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try ChatJSON.makeEncoder().encode(body)))
        }
        return request
    }

    /// Sends a request and decodes a 2xx JSON answer.
    func json<T: Decodable>(_ type: T.Type, _ method: HTTPMethod, _ path: String, token: String? = nil, body: (some Encodable)? = String?.none) async throws -> T {
        let response = try await HTTPClient.shared.execute(try request(method, path, token: token, json: body), timeout: .seconds(10))
        let buffer = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(response.status.code) else {
            throw UnexpectedResponse(description: "HTTP \(response.status.code): \(String(buffer: buffer))")
        }
        return try ChatJSON.makeDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    }

    /// Signs in through the magic-link flow.
    func signIn(email: String = "ada@example.com") async throws -> AuthTokens {
        let link = try await json(MagicLinkSent.self, .POST, "/rpc/request_magic_link", body: RequestMagicLink(email: email))
        return try await json(AuthTokens.self, .POST, "/rpc/login_with_magic_token", body: LoginWithMagicToken(token: link.devToken ?? ""))
    }

    /// Posts a message and reads the event stream as it arrives, keeping a drop's error.
    func stream(_ conversationID: String, token: String, text: String, headers: [(String, String)] = []) async throws -> StreamResult {
        let request = try request(.POST, "/conversations/\(conversationID)/messages", token: token, headers: headers, json: NewMessage(text: text))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        var text = ""
        var failure: (any Error)?
        do {
            for try await chunk in response.body {
                text += String(buffer: chunk)
            }
        } catch {
            failure = error
        }
        return StreamResult(status: Int(response.status.code), events: ServerSentEvent.parse(text), error: failure)
    }
}
