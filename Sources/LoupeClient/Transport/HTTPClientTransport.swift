import AsyncHTTPClient
import Foundation
import LoupeCore
import NIOCore
import NIOHTTP1

/// Sends requests with AsyncHTTPClient and reads each response body whole, the request's timeout
/// covering everything from sending to the last body byte.
public struct HTTPClientTransport: APITransport {
    private let httpClient: HTTPClient
    private let maximumResponseSize: Int

    /// A transport on `httpClient` (which its owner keeps running) that refuses bodies larger
    /// than `maximumResponseSize` bytes.
    public init(httpClient: HTTPClient, maximumResponseSize: Int = 16 * 1024 * 1024) {
        self.httpClient = httpClient
        self.maximumResponseSize = maximumResponseSize
    }

    public func send(_ request: APIRequest) async throws -> APIResponse {
        var httpRequest = HTTPClientRequest(url: request.url.absoluteString)
        httpRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        for header in request.headers { httpRequest.headers.add(name: header.name, value: header.value) }
        if let body = request.body { httpRequest.body = .bytes(ByteBuffer(bytes: body)) }

        let start = ContinuousClock.now
        let deadline = start + request.timeout
        // AsyncHTTPClient's deadline ends when the head arrives; the body read races the same
        // deadline, so a server that stalls mid-body times out too.
        let response = try await httpClient.execute(httpRequest, deadline: .now() + TimeAmount(request.timeout))
        let timeToHead = start.duration(to: .now)
        let limit = maximumResponseSize
        let body = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            group.addTask { try await response.body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw HTTPClientError.deadlineExceeded
            }
            defer { group.cancelAll() }
            guard let body = try await group.next() else { throw CancellationError() }
            return body
        }
        return APIResponse(status: Int(response.status.code), reason: response.status.reasonPhrase,
                           httpVersion: response.versionText, headers: response.headerList,
                           body: Data(body.readableBytesView), timeToHead: timeToHead)
    }
}
