import AsyncHTTPClient
import LoupeCore

extension HTTPClientResponse {
    /// "HTTP/1.1" or "HTTP/2", as a log shows it.
    var versionText: String {
        version.major >= 2 ? "HTTP/\(version.major)" : "HTTP/\(version.major).\(version.minor)"
    }

    /// The response headers in order, as the log model keeps them.
    var headerList: [HTTPHeader] {
        headers.map { HTTPHeader(name: $0.name, value: $0.value) }
    }
}
