import Foundation
import NIOCore

/// The kinds of traffic the soak benchmark sends through a forward proxy in front of the
/// benchmark origin, each a whole client conversation that checks what came back.
enum SoakTraffic: String, CaseIterable, Sendable {
    /// Ten kept-alive requests carrying secrets (a bearer token, an API key in the query, a
    /// password and an email in a JSON body); every tenth to `/skip/`, which the capture filter
    /// leaves out of the log.
    case http
    /// One event stream of ``BenchOrigin/sseEventCount`` events.
    case sse
    /// A `CONNECT` tunnel with one request inside.
    case connect
    /// One malformed request, which must be answered with a 4xx and a close.
    case malformed
    /// Half a header section, then nothing: the proxy must close it at its header timeout.
    case slowHeader

    /// Exchanges a conversation of this kind makes the proxy log (or filter out, or drop).
    static let httpRequests = 10

    /// Runs one conversation through the proxy on `proxyPort` to the origin on `originPort`;
    /// `round` varies the requests. Throws when the answer is not what a correct proxy sends.
    func run(proxyPort: Int, originPort: Int, round: Int) async throws {
        let origin = "127.0.0.1:\(originPort)"
        switch self {
        case .http:
            try await SoakConnection.with(port: proxyPort, timeout: .seconds(30)) { connection in
                for index in 0..<Self.httpRequests {
                    let path = index == 9 ? "/skip/\(round)" : "/items/\(round)-\(index)"
                    let body = #"{"email":"ann.lee\#(round)@example.com","password":"hunter2-\#(round)","note":"soak"}"#
                    let request = index % 2 == 0
                        ? "GET http://\(origin)\(path)?api_key=sk_live_\(String(repeating: "a", count: 24))\(round % 10) HTTP/1.1\r\nHost: \(origin)\r\nAuthorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzb2FrIn0.c29ha3NpZ25hdHVyZQ\r\n\r\n"
                        : "POST http://\(origin)\(path) HTTP/1.1\r\nHost: \(origin)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    try await connection.send(request)
                    guard try await connection.read(until: { $0.hasSuffix("hello world\n") }),
                          connection.received.hasPrefix("HTTP/1.1 200") else {
                        throw BenchmarkError("soak http: unexpected answer \(connection.received.prefix(80).debugDescription)")
                    }
                    connection.clear()
                }
            }
        case .sse:
            try await SoakConnection.with(port: proxyPort, timeout: .seconds(30)) { connection in
                try await connection.send("GET http://\(origin)/sse HTTP/1.1\r\nHost: \(origin)\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n")
                try await connection.readToEnd()
                let events = connection.received.components(separatedBy: "data: ").count - 1
                guard events == BenchOrigin.sseEventCount else {
                    throw BenchmarkError("soak sse: \(events) of \(BenchOrigin.sseEventCount) events arrived")
                }
            }
        case .connect:
            try await SoakConnection.with(port: proxyPort, timeout: .seconds(30)) { connection in
                try await connection.send("CONNECT \(origin) HTTP/1.1\r\nHost: \(origin)\r\n\r\n")
                guard try await connection.read(until: { $0.contains("\r\n\r\n") }), connection.received.hasPrefix("HTTP/1.1 200") else {
                    throw BenchmarkError("soak connect: \(connection.received.prefix(80).debugDescription)")
                }
                connection.clear()
                try await connection.send("GET / HTTP/1.1\r\nHost: \(origin)\r\n\r\n")
                guard try await connection.read(until: { $0.hasSuffix("hello world\n") }) else {
                    throw BenchmarkError("soak connect: the tunnel returned \(connection.received.prefix(80).debugDescription)")
                }
            }
        case .malformed:
            let request = Self.malformedRequests[round % Self.malformedRequests.count]
            try await SoakConnection.with(port: proxyPort, timeout: .seconds(30)) { connection in
                try await connection.send(Array(request.replacingOccurrences(of: "ORIGIN", with: origin).utf8) + [0xFF, 0xFE])
                try await connection.readToEnd()
                guard connection.received.hasPrefix("HTTP/1.1 4") else {
                    throw BenchmarkError("soak malformed: \(connection.received.prefix(80).debugDescription)")
                }
            }
        case .slowHeader:
            try await SoakConnection.with(port: proxyPort, timeout: .seconds(60)) { connection in
                try await connection.send("GET http://\(origin)/ HTTP/1.1\r\nHost: \(origin)\r\nX-Slow: ")
                try await connection.readToEnd()
                guard connection.received.isEmpty else {
                    throw BenchmarkError("soak slow header: answered \(connection.received.prefix(80).debugDescription)")
                }
            }
        }
    }

    /// Requests a proxy must refuse (ORIGIN stands for the origin's address); each is followed by
    /// two bytes that are not UTF-8.
    static let malformedRequests = [
        "\u{01}\u{02}garbage\r\n\r\n",
        "GET /\r\n",
        "GET http://ORIGIN/ HTTP/1.1\r\n\r\n",
        "POST http://ORIGIN/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST http://ORIGIN/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcd",
        "GET http://ORIGIN/ HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "b", count: 70_000))\r\n\r\n",
        "GET http://ORIGIN/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    ]
}
