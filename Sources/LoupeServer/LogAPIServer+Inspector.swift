import Hummingbird
import NIOCore

/// The web inspector: a single page at `/` of the log API (HTML, CSS and plain JavaScript embedded
/// in the binary from `Inspector/`) that lists the exchanges live and shows their details, all
/// from the API's own routes. The page inserts logged text only as text, and its content security
/// policy lets it load nothing but its own files and the API.
extension LogAPIServer {
    /// One embedded file of the page.
    struct InspectorAsset: Sendable {
        let bytes: [UInt8]
        let contentType: String
    }

    static let inspectorAssets: [String: InspectorAsset] = [
        "/": InspectorAsset(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8"),
        "/inspector.js": InspectorAsset(bytes: PackageResources.inspector_js, contentType: "text/javascript; charset=utf-8"),
        "/inspector.css": InspectorAsset(bytes: PackageResources.inspector_css, contentType: "text/css; charset=utf-8"),
    ]

    /// The page's script and style sheet, served without the access token: they hold no data.
    static let openInspectorAssets: Set<String> = ["/inspector.js", "/inspector.css"]

    /// `GET /`, `/inspector.js`, `/inspector.css`.
    func inspectorAsset(_ request: Request) throws -> Response {
        guard let asset = Self.inspectorAssets[request.uri.path] else { throw HTTPError(.notFound) }
        return Response(status: .ok, headers: [
            .contentType: asset.contentType,
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            .init("X-Content-Type-Options")!: "nosniff",
            .init("Referrer-Policy")!: "no-referrer",
        ], body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
