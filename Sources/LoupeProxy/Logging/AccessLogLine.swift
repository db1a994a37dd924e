import Foundation
import LoupeCore

/// One access-log line per finished exchange, built from the stored (already redacted) event:
/// `12:00:01.234 POST 200 api.example.com/conversations 123ms 2.1kB`.
///
/// Tunnels show bytes each way (`CONNECT 200 example.com:443 1520ms ↑1.2kB ↓48.0kB`), WebSocket
/// connections messages each way (`GET 101 api.example.com/ws 5321ms ↑6 ↓6 messages`); failures
/// show the error kind in place of the size.
public enum AccessLogLine {
    /// The line for `event`, in local time.
    public static func format(_ event: NetworkEvent) -> String {
        var parts = [clock(event.startedAt), event.request.method, event.response.map { String($0.status) } ?? "-"]
        if let tunnel = event.tunnel {
            parts.append(ProxyTarget.authority(host: tunnel.host, port: tunnel.port, usesTLS: false))
        } else {
            parts.append(hostAndPath(event.request.url))
        }
        parts.append(event.timings.total.map { "\(Int($0.rounded()))ms" } ?? "-")
        if let error = event.error {
            parts.append(error.kind.rawValue)
        } else if let tunnel = event.tunnel {
            parts.append("↑\(size(tunnel.bytesUp)) ↓\(size(tunnel.bytesDown))")
        } else if let webSocket = event.webSocket {
            let up = webSocket.messages.filter { $0.direction == .up }
            parts.append("↑\(up.count) ↓\(webSocket.messages.count - up.count) messages")
        } else {
            parts.append(size(event.response?.body?.originalSize ?? 0))
        }
        if !event.sseEvents.isEmpty { parts.append("\(event.sseEvents.count) events") }
        return parts.joined(separator: " ")
    }

    /// `1.2kB`, `3.4MB`, `512B` (1000-based, like most access logs).
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: "\(bytes)B"
        case ..<1_000_000: String(format: "%.1fkB", Double(bytes) / 1000)
        case ..<1_000_000_000: String(format: "%.1fMB", Double(bytes) / 1_000_000)
        default: String(format: "%.1fGB", Double(bytes) / 1_000_000_000)
        }
    }

    /// The URL without its scheme: `api.example.com/conversations?limit=2`.
    static func hostAndPath(_ url: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        return String(url[range.upperBound...])
    }

    /// `HH:mm:ss.SSS` in local time.
    static func clock(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let millis = Int((date.timeIntervalSince1970 - Double(seconds)) * 1000)
        return String(format: "%02d:%02d:%02d.%03d", parts.tm_hour, parts.tm_min, parts.tm_sec, millis)
    }
}
