import Foundation
import LoupeCore

extension CapturedBody {
    /// A body as the clients log it: text up to `limit` bytes (the rest counted, not stored), or
    /// only its size when it is not UTF-8. Nil for no body.
    static func capture(_ body: Data?, contentType: String?, limit: Int) -> CapturedBody? {
        guard let body else { return nil }
        let limit = max(0, limit)
        guard String(data: body, encoding: .utf8) != nil else {
            return CapturedBody(contentType: contentType, originalSize: body.count, omitted: .init(reason: .binary))
        }
        return CapturedBody(contentType: contentType, text: String(decoding: body.prefix(limit), as: UTF8.self),
                            originalSize: body.count, truncated: body.count > limit)
    }
}
