import Foundation
import LoupeCore

/// Records every attempt that reaches the wire as one ``NetworkEvent`` in a ``NetworkLogger``:
/// the request as sent (headers, body up to a limit), the response or the error, time to the
/// response head and in total, the request id and the attempt number. It is the innermost
/// middleware, so retries and the retry after a token refresh are logged one by one.
///
/// Nothing is redacted here: the logger redacts at ingest (``NetworkLogger/Configuration``),
/// before anything is stored.
public struct LoggingMiddleware: APIMiddleware {
    private let networkLogger: NetworkLogger?
    private let bodyCaptureLimit: Int

    /// A middleware recording into `networkLogger` (only numbering attempts when it is nil),
    /// keeping bodies up to `bodyCaptureLimit` bytes of text.
    public init(networkLogger: NetworkLogger?, bodyCaptureLimit: Int = 64 * 1024) {
        self.networkLogger = networkLogger
        self.bodyCaptureLimit = bodyCaptureLimit
    }

    public func intercept(_ request: APIRequest, next: APIHandler) async throws -> APIResponse {
        var request = request
        request.attempt = await request.attempts.next()
        guard let networkLogger else { return try await next(request) }

        let event = NetworkEvent(
            source: .apiClient,
            request: CapturedRequest(
                method: request.method.rawValue, url: request.url.absoluteString, headers: request.headers,
                body: .capture(request.body, contentType: request.headers["content-type"], limit: bodyCaptureLimit)),
            requestID: request.requestID, attempt: request.attempt)
        await networkLogger.record(event)
        do {
            var response = try await next(request)
            let captured = CapturedResponse(
                status: response.status, reason: response.reason, httpVersion: response.httpVersion,
                headers: response.headers,
                body: response.body.isEmpty && response.headers["content-type"] == nil
                    ? nil
                    : .capture(response.body, contentType: response.headers["content-type"], limit: bodyCaptureLimit))
            if let timeToHead = response.timeToHead {
                await networkLogger.update(id: event.id) { $0.timings.ttfb = timeToHead.seconds * 1000 }
            }
            await networkLogger.finish(id: event.id, response: captured)
            response.loggedEventID = event.id
            return response
        } catch {
            let failure = NetworkError(mapping: error)
            await networkLogger.finish(id: event.id, error: EventError(kind: failure.eventKind(for: error),
                                                                       message: failure.description))
            throw error
        }
    }
}
