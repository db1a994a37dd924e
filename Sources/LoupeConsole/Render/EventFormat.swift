import Foundation
import LoupeCore

/// How an event's fields read in the list and the plain table: short, fixed-width friendly,
/// and the same everywhere.
public struct EventFormat: Sendable {
    /// The time zone of the time column.
    public var timeZone: TimeZone

    /// A formatter for `timeZone` (the machine's by default).
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// `14:13:20` or, with milliseconds, `14:13:20.125`, in ``timeZone``.
    public func time(_ date: Date, milliseconds: Bool) -> String {
        // Whole milliseconds first: the stored times have millisecond precision, and flooring the
        // binary fraction would show .205 as .204.
        let total = Int(((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))) * 1000).rounded())
        let millis = ((total % 1000) + 1000) % 1000
        let secondOfDay = (((total - millis) / 1000 % 86_400) + 86_400) % 86_400
        let clock = "\(Self.twoDigits(secondOfDay / 3600)):\(Self.twoDigits(secondOfDay / 60 % 60)):\(Self.twoDigits(secondOfDay % 60))"
        guard milliseconds else { return clock }
        return clock + "." + String(repeating: "0", count: millis < 10 ? 2 : millis < 100 ? 1 : 0) + String(millis)
    }

    /// The status column: the response status, `ERR` for a failure without one, `…` in flight.
    public static func status(_ event: NetworkEvent) -> String {
        if let response = event.response { return String(response.status) }
        if event.error != nil || event.state == .failed { return "ERR" }
        return event.state.isFinal ? "-" : "…"
    }

    /// The style of the status column, by status class.
    public static func statusStyle(_ event: NetworkEvent) -> ScreenStyle {
        guard let status = event.response?.status else {
            return event.error != nil || event.state == .failed ? .serverError : .pending
        }
        switch status {
        case 200..<300: return .success
        case 300..<400: return .redirect
        case 400..<500: return .clientError
        case 500...: return .serverError
        default: return .pending
        }
    }

    /// `host/path?query` (or `host:port` for a tunnel), without the scheme or user info.
    public static func target(_ event: NetworkEvent) -> String {
        if let tunnel = event.tunnel { return "\(tunnel.host):\(tunnel.port)" }
        var rest = Substring(event.request.url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return TerminalText.sanitized(authority + rest[authorityEnd...])
    }

    /// `40ms`, `1.50s`, `2m03s`; `…` while in flight, empty when unknown.
    public static func duration(_ event: NetworkEvent) -> String {
        guard let total = event.timings.total else { return event.state.isFinal ? "" : "…" }
        return duration(milliseconds: total)
    }

    /// A duration in milliseconds, short: `0.4ms`, `40ms`, `1.50s`, `12.3s`, `2m03s`.
    public static func duration(milliseconds: Double) -> String {
        switch milliseconds {
        case ..<1: return String(format: "%.1fms", milliseconds)
        case ..<1000: return "\(Int(milliseconds.rounded()))ms"
        case ..<10_000: return String(format: "%.2fs", milliseconds / 1000)
        case ..<60_000: return String(format: "%.1fs", milliseconds / 1000)
        default:
            let seconds = Int((milliseconds / 1000).rounded())
            return "\(seconds / 60)m\(twoDigits(seconds % 60))s"
        }
    }

    /// The size column: the response body's original size, or a tunnel's bytes both ways.
    public static func size(_ event: NetworkEvent) -> String {
        if let tunnel = event.tunnel { return bytes(tunnel.bytesUp + tunnel.bytesDown) }
        guard let body = event.response?.body else { return "" }
        return bytes(body.originalSize)
    }

    /// `512B`, `4.0K`, `12K`, `3.8M`, `1.2G` (1024-based).
    public static func bytes(_ count: Int) -> String {
        guard count >= 1024 else { return "\(count)B" }
        var value = Double(count) / 1024
        for unit in ["K", "M", "G"] {
            if value < 1024 || unit == "G" {
                return value < 10 ? String(format: "%.1f%@", value, unit) : "\(Int(value.rounded()))\(unit)"
            }
            value /= 1024
        }
        return "\(count)B"
    }

    /// The markers of an event: `SSE n` (events received so far), `WS n` (WebSocket messages so
    /// far), `TUN`, `ERR`, `RED`.
    public static func markers(_ event: NetworkEvent) -> String {
        var parts: [String] = []
        if event.isEventStream { parts.append("SSE \(event.sseEvents.count)") }
        if let webSocket = event.webSocket { parts.append("WS \(webSocket.messages.count)") }
        if event.tunnel != nil || event.source == .tunnel { parts.append("TUN") }
        if event.error != nil || event.state == .failed { parts.append("ERR") }
        if event.redactionCount > 0 { parts.append("RED") }
        return parts.joined(separator: " ")
    }

    /// The method column; tunnels show `CONNECT`.
    public static func method(_ event: NetworkEvent) -> String {
        TerminalText.sanitized(event.request.method)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
