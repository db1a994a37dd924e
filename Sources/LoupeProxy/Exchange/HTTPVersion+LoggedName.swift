import NIOHTTP1

extension HTTPVersion {
    /// The name logs use: `HTTP/1.1`, `HTTP/1.0`, `HTTP/2` (as RFC 9113 and curl write it).
    var loggedName: String {
        major == 2 ? "HTTP/2" : "HTTP/\(major).\(minor)"
    }
}
