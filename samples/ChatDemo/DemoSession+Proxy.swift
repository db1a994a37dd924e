import AsyncHTTPClient
import ChatAPI
import ChatBackend
import Foundation
import LoupeClient
import NIOCore
import NIOHTTP1

extension DemoSession {
    /// The proxy's part of the script: an app without Loupe inside, making plain HTTP requests
    /// through the reverse proxy (sign-in, models, a page of conversations, an injected 503, a
    /// streamed reply and a WebSocket conversation on `/ws`), which the proxy records in the same
    /// log.
    public func runThroughProxy(pass: Int = 1) async throws {
        let base = environment.proxyURL
        let tokens: ChatAPI.AuthTokens = try await step("proxy: sign in with a magic link") {
            let link: MagicLinkSent = try await Self.send(.POST, "\(base)/rpc/request_magic_link",
                                                          body: Self.json(RequestMagicLink(email: "grace+\(pass)@example.com")))
            guard let token = link.devToken else {
                throw DemoError(step: "sign in", reason: "the backend did not reveal the magic token")
            }
            return try await Self.send(.POST, "\(base)/rpc/login_with_magic_token", body: Self.json(LoginWithMagicToken(token: token)))
        }
        let bearer = ("Authorization", "Bearer \(tokens.accessToken)")
        try await step("proxy: list the models") {
            let _: [ChatAPI.Model] = try await Self.send(.GET, "\(base)/models", headers: [bearer])
        }
        let page: Page<Conversation> = try await step("proxy: first page of conversations") {
            try await Self.send(.GET, "\(base)/conversations?limit=2", headers: [bearer])
        }
        try await step("proxy: an upstream 503 passes through") {
            let status = try await Self.status(.GET, "\(base)/models",
                                               headers: [bearer, (FaultOverrides.Header.status, "503")])
            guard status == 503 else { throw DemoError(step: "503", reason: "the proxy answered \(status)") }
        }
        guard let conversation = page.items.first else {
            throw DemoError(step: "proxy: stream a reply", reason: "the new user has no conversation to write to")
        }
        try await step("proxy: stream a reply over SSE") {
            var request = HTTPClientRequest(url: "\(base)/conversations/\(conversation.id)/messages")
            request.method = .POST
            request.headers.add(name: bearer.0, value: bearer.1)
            request.headers.add(name: "Accept", value: "text/event-stream")
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try Self.json(NewMessage(text: "Hello through the proxy"))))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            guard response.status.code == 200 else {
                throw DemoError(step: "stream", reason: "the proxy answered \(response.status.code)")
            }
            let body = try await response.body.collect(upTo: 1 << 20)
            guard String(buffer: body).contains("\"done\":true") else {
                throw DemoError(step: "stream", reason: "the reply ended before its last event")
            }
        }
        try await step("proxy: a WebSocket conversation (with a token in it)") {
            let socketURL = base.replacingOccurrences(of: "http://", with: "ws://") + "/ws"
            try await WebSocketClient(url: socketURL).connect { socket in
                let status = #"{"type":"status","typing":true,"access_token":"\#(tokens.accessToken)"}"#
                try await socket.send(status)
                guard try await socket.receive() == .text(status) else {
                    throw DemoError(step: "websocket", reason: "the echo did not come back")
                }
            }
        }
    }

    /// Sends a JSON request and decodes a 2xx JSON answer.
    private static func send<Response: Decodable>(_ method: HTTPMethod, _ url: String, headers: [(String, String)] = [],
                                                  body: Data? = nil) async throws -> Response {
        let (status, data) = try await exchange(method, url, headers: headers, body: body)
        guard (200..<300).contains(status) else {
            throw DemoError(step: "\(method) \(url)", reason: "the proxy answered \(status)")
        }
        return try ChatJSON.makeDecoder().decode(Response.self, from: data)
    }

    /// `value` as the API's JSON.
    private static func json(_ value: some Encodable) throws -> Data {
        try ChatJSON.makeEncoder().encode(value)
    }

    /// Sends a request and returns only the status.
    private static func status(_ method: HTTPMethod, _ url: String, headers: [(String, String)]) async throws -> UInt {
        try await exchange(method, url, headers: headers, body: nil).status
    }

    private static func exchange(_ method: HTTPMethod, _ url: String, headers: [(String, String)],
                                 body: Data?) async throws -> (status: UInt, data: Data) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, Data(buffer: buffer))
    }
}
