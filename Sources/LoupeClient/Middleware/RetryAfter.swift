import Foundation

/// Reads a `Retry-After` header value (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date.
enum RetryAfter {
    /// How long to wait: `value` seconds, or the time from `now` until the date `value` names
    /// (zero when it is past). Nil when `value` is neither.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            // Too many digits for Int64: longer than any wait a client accepts anyway.
            return Int64(text).map { .seconds($0) } ?? .seconds(Int64(UInt32.max))
        }
        guard let date = httpDate(text) else { return nil }
        return .milliseconds(Int64((max(0, date.timeIntervalSince(now)) * 1000).rounded()))
    }

    /// Parses the three HTTP-date forms recipients must accept: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
