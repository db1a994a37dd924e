import Foundation
import Hummingbird
import LoupeCore
import LoupeExport
import NIOCore
import NIOFoundationCompat

extension LogAPIServer {
    /// `GET /v1/events`: the matching events, newest last, at most `limit` of the newest.
    func events(_ request: Request) async throws -> Response {
        let filter = try Self.filter(in: request)
        var limit: Int?
        if let text = request.uri.queryParameters.get("limit") {
            guard let value = Int(text), value >= 0 else {
                throw HTTPError(.badRequest, message: "limit must be a whole number of at least 0, found \"\(text.prefix(20))\".")
            }
            limit = value
        }
        let events = await logger.snapshot(filter: filter, limit: limit)
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: EventJSON.array(events))))
    }

    /// `GET /v1/export`: writes a verified export to a private temporary folder, then streams it.
    func export(_ request: Request) async throws -> Response {
        let filter = try Self.filter(in: request)
        let formatName = request.uri.queryParameters.get("format") ?? "zip"
        guard let format = ExportFormat(rawValue: formatName) else {
            throw HTTPError(.badRequest, message: "format must be zip, har or ndjson, found \"\(formatName.prefix(20))\".")
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "loupe-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let file = folder.appending(path: "export.\(format.fileExtension)")
        do {
            try await logger.export(to: file, filter: filter, configuration: .init(
                format: format, source: configuration.source, ruleSet: ruleSet, logger: configuration.logger))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            configuration.logger.error("Export for the log API failed.", metadata: ["reason": "\(error.reason)"])
            throw HTTPError(.internalServerError, message: "The export failed: \(error.reason)")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false)
            .timeSeparator(.omitted).dateSeparator(.omitted).dateTimeSeparator(.standard))
        let name = "loupe-\(stamp).\(format.fileExtension)"
        let body = ResponseBody(contentLength: size) { writer in
            defer { try? FileManager.default.removeItem(at: folder) }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty {
                try await writer.write(ByteBuffer(data: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: format.mediaType,
            .contentDisposition: "attachment; filename=\"\(name)\"",
        ], body: body)
    }

    /// `GET /v1/stats`.
    func stats() async throws -> Response {
        let stats = await logger.stats
        let body = StatsBody(
            version: Loupe.version, source: configuration.source.rawValue,
            uptimeSeconds: Double((ContinuousClock.now - startedAt).components.seconds),
            storedEvents: stats.storedEvents, storedBytes: stats.storedBytes, evictedEvents: stats.evictedEvents,
            evictedBytes: stats.evictedBytes, filteredOut: stats.filteredOut, clearedEvents: stats.clearedEvents,
            ingested: stats.ingested, droppedEvents: stats.droppedEvents,
            droppedNotifications: stats.droppedNotifications, subscribers: stats.subscribers,
            ruleSet: .init(id: ruleSet.id, sha256: ruleSet.sha256), sourceCounters: await configuration.sourceCounters?())
        let data = try JSONEncoder.loupe(pretty: true).encode(body)
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
    }

    /// `GET /v1/filter?filter=EXPR`: whether the expression parses, as `200` either way, so a page
    /// can check what is typed without a failed request: `{"valid": true, "canonical"}` or
    /// `{"valid": false, "message", "column", "error"}`.
    func checkFilter(_ request: Request) throws -> Response {
        let text = request.uri.queryParameters.get("filter") ?? ""
        let body: FilterCheck
        do {
            body = FilterCheck(valid: true, canonical: try EventFilter(parsing: text).description)
        } catch {
            body = FilterCheck(valid: false, message: error.message, column: error.column,
                               error: "invalid filter: \(error.description)")
        }
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: try JSONEncoder().encode(body))))
    }

    /// The `filter` query parameter parsed, or `400` with the parse error's column and message.
    static func filter(in request: Request) throws -> EventFilter {
        guard let text = request.uri.queryParameters.get("filter"), !text.isEmpty else { return .all }
        do {
            return try EventFilter(parsing: text)
        } catch {
            throw FilterError(parseError: error)
        }
    }
}

/// `/v1/filter`'s JSON body.
struct FilterCheck: Encodable {
    var valid: Bool
    var canonical: String?
    var message: String?
    var column: Int?
    var error: String?
}

/// `/v1/stats`' JSON body.
struct StatsBody: Codable {
    var version: String
    var source: String
    var uptimeSeconds: Double
    var storedEvents: Int
    var storedBytes: Int
    var evictedEvents: Int
    var evictedBytes: Int
    var filteredOut: Int
    var clearedEvents: Int
    var ingested: Int
    /// Events the source could not log because ingest fell behind (exchanges the proxy forwarded
    /// unlogged).
    var droppedEvents: Int
    var droppedNotifications: Int
    var subscribers: Int
    var ruleSet: ExportManifest.RuleSetIdentity
    var sourceCounters: [String: Int]?
}

/// A `400` whose JSON body says where the filter is wrong: `{"error", "message", "column"}`.
struct FilterError: HTTPResponseError {
    let parseError: FilterParseError
    var status: HTTPResponse.Status { .badRequest }

    private struct Body: Encodable {
        var error: String
        var message: String
        var column: Int
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = Body(error: "invalid filter: \(parseError.description)", message: parseError.message,
                        column: parseError.column)
        let data = try JSONEncoder().encode(body)
        return Response(status: .badRequest, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
    }
}
