import Foundation
import LoupeCore

/// The content lines of each detail tab for one event, wrapped to a width: what the detail view
/// scrolls through. Values are shown as stored, so redacted values appear as their placeholders.
public struct DetailContent: Sendable {
    public let event: NetworkEvent
    public let width: Int
    public var format: EventFormat

    public init(event: NetworkEvent, width: Int, format: EventFormat = EventFormat()) {
        self.event = event
        self.width = max(10, width)
        self.format = format
    }

    /// The lines of `tab`, each at most ``width`` cells wide.
    public func lines(for tab: DetailTab) -> [ScreenLine] {
        switch tab {
        case .request: requestLines()
        case .response: responseLines()
        case .events: event.isWebSocket ? messageLines() : eventLines()
        case .timing: timingLines()
        case .redactions: redactionLines()
        }
    }

    /// The tab's title with a count where one helps: `Events (12)`, `Redactions (3)`.
    public func title(of tab: DetailTab) -> String {
        switch tab {
        case .events where event.isWebSocket: "Messages (\(event.webSocket?.messages.count ?? 0))"
        case .events: "\(tab.title) (\(event.sseEvents.count))"
        case .redactions: "\(tab.title) (\(event.redactionCount))"
        default: tab.title
        }
    }

    // MARK: - Tabs

    private func requestLines() -> [ScreenLine] {
        let request = event.request
        var lines = wrap("\(request.method) \(request.url) \(request.httpVersion)", .bold)
        lines += headerLines(request.headers)
        lines += bodyLines(request.body)
        return lines
    }

    private func responseLines() -> [ScreenLine] {
        var lines: [ScreenLine] = []
        if let error = event.error {
            lines += wrap("Failed (\(error.kind)): \(error.message)", .error)
            lines.append(ScreenLine())
        }
        guard let response = event.response else {
            lines += wrap(event.state.isFinal ? "No response." : "Waiting for the response…", .dim)
            return lines
        }
        let reason = response.reason.isEmpty ? "" : " \(response.reason)"
        lines += wrap("\(response.httpVersion) \(response.status)\(reason)", EventFormat.statusStyle(event))
        lines += headerLines(response.headers)
        if event.isEventStream, response.body?.text == nil {
            lines.append(ScreenLine())
            lines += wrap("Event stream: \(event.sseEvents.count) events so far (Events tab).", .dim)
            return lines
        }
        lines += bodyLines(response.body)
        if let trailers = response.trailers, !trailers.isEmpty {
            lines.append(ScreenLine())
            lines += wrap("Trailers", .bold)
            lines += headerLines(trailers)
        }
        if let grpc = event.grpc { lines += grpcLines(grpc) }
        if let tunnel = event.tunnel {
            lines.append(ScreenLine())
            lines += wrap("Tunnel to \(tunnel.host):\(tunnel.port): \(EventFormat.bytes(tunnel.bytesUp)) up, "
                          + "\(EventFormat.bytes(tunnel.bytesDown)) down (not decrypted).", .dim)
        }
        return lines
    }

    /// A gRPC call's outcome and its messages (size, flag, digest: their bytes need the schema).
    private func grpcLines(_ grpc: GRPCLog) -> [ScreenLine] {
        var lines = [ScreenLine()]
        let outcome = grpc.status.map { "status \($0) \(GRPCLog.statusName($0))" } ?? "no status"
        let message = grpc.statusMessage.map { ": " + TerminalText.sanitized($0) } ?? ""
        lines += wrap("gRPC \(outcome)\(message)", grpc.status == 0 ? .bold : .error)
        let dropped = grpc.droppedMessages > 0 ? ", \(grpc.droppedMessages) more not kept" : ""
        lines += wrap("\(grpc.messages.filter { $0.direction == .up }.count) ↑ \(grpc.messages.filter { $0.direction == .down }.count) ↓ messages\(dropped)", .dim)
        for message in grpc.messages {
            let arrow = message.direction == .up ? "↑" : "↓"
            let flag = message.compressed ? " compressed" : ""
            lines += wrap("\(format.time(message.receivedAt, milliseconds: true)) \(arrow) \(EventFormat.bytes(message.size))\(flag) sha256 \(message.sha256)", .plain)
        }
        return lines
    }

    private func eventLines() -> [ScreenLine] {
        guard !event.sseEvents.isEmpty else {
            return wrap(event.isEventStream || !event.state.isFinal
                        ? "No server-sent events yet." : "This exchange is not an event stream.", .dim)
        }
        let idWidth = 8, typeWidth = 10
        let prefixWidth = 12 + 1 + idWidth + 1 + typeWidth + 1
        var lines = [ScreenLine([
            ScreenSegment(TerminalText.fitted("TIME", to: 13) + TerminalText.fitted("ID", to: idWidth + 1)
                          + TerminalText.fitted("TYPE", to: typeWidth + 1) + "DATA", .header),
        ])]
        let dataWidth = max(10, width - prefixWidth)
        for sse in event.sseEvents {
            let data = TerminalText.wrapped(TerminalText.sanitized(sse.data), to: dataWidth)
            for (index, piece) in data.enumerated() {
                if index == 0 {
                    lines.append(ScreenLine([
                        ScreenSegment(format.time(sse.receivedAt, milliseconds: true) + " ", .dim),
                        ScreenSegment(TerminalText.fitted(TerminalText.sanitized(sse.id ?? "-"), to: idWidth) + " ", .marker),
                        ScreenSegment(TerminalText.fitted(TerminalText.sanitized(sse.type), to: typeWidth) + " ", .bold),
                        ScreenSegment(piece),
                    ]))
                } else {
                    lines.append(ScreenLine(String(repeating: " ", count: prefixWidth) + piece))
                }
            }
        }
        if !event.state.isFinal { lines += wrap("… streaming", .dim) }
        return lines
    }

    /// A WebSocket connection's messages, oldest first: time, direction (`↑` client to server,
    /// `↓` back), kind and size, then the text or the binary digest; the counters and close last.
    private func messageLines() -> [ScreenLine] {
        guard let log = event.webSocket else { return [] }
        let prefixWidth = 13 + 2 + 7 + 9
        var lines = [ScreenLine([
            ScreenSegment(TerminalText.fitted("TIME", to: 13) + "  " + TerminalText.fitted("KIND", to: 7)
                          + TerminalText.fitted("SIZE", to: 9) + "DATA", .header),
        ])]
        if log.messages.isEmpty { lines += wrap("No messages yet.", .dim) }
        let dataWidth = max(10, width - prefixWidth)
        for message in log.messages {
            var data = message.text.map(TerminalText.sanitized) ?? "binary, sha256 \(message.sha256 ?? "unknown")"
            if message.truncated { data += " …(truncated)" }
            let kind = message.opcode.rawValue + (message.compressed ? "*" : "")
            for (index, piece) in TerminalText.wrapped(data, to: dataWidth).enumerated() {
                guard index == 0 else {
                    lines.append(ScreenLine(String(repeating: " ", count: prefixWidth) + piece))
                    continue
                }
                lines.append(ScreenLine([
                    ScreenSegment(format.time(message.receivedAt, milliseconds: true) + " ", .dim),
                    ScreenSegment(message.direction == .up ? "↑ " : "↓ ", .marker),
                    ScreenSegment(TerminalText.fitted(kind, to: 7), .bold),
                    ScreenSegment(TerminalText.fitted(EventFormat.bytes(message.size), to: 9)),
                    ScreenSegment(piece, message.text == nil ? .dim : .plain),
                ]))
            }
        }
        lines.append(ScreenLine())
        var summary = "\(log.pings) pings, \(log.pongs) pongs"
        if log.droppedMessages > 0 { summary += ", \(log.droppedMessages) messages over the cap not kept" }
        if let extensions = log.extensions { summary += "; extensions: \(extensions)" }
        lines += wrap(summary, .dim)
        if let close = log.close {
            let who = close.by == .up ? "the client" : "the server"
            let reason = close.reason.map { " \"\(TerminalText.sanitized($0))\"" } ?? ""
            lines += wrap("Closed by \(who) with \(close.code.map(String.init) ?? "no code")\(reason).", .dim)
        } else if !event.state.isFinal {
            lines += wrap("… open", .dim)
        }
        if let error = log.framingError { lines += wrap(TerminalText.sanitized(error), .error) }
        return lines
    }

    private func timingLines() -> [ScreenLine] {
        var rows: [(String, String)] = [
            ("State", event.state.rawValue),
            ("Source", event.source.rawValue),
            ("Started", "\(format.time(event.startedAt, milliseconds: true)) "
                + "(\(event.startedAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))))"),
            ("TTFB", event.timings.ttfb.map(EventFormat.duration(milliseconds:)) ?? "-"),
            ("Total", event.timings.total.map(EventFormat.duration(milliseconds:)) ?? (event.state.isFinal ? "-" : "in flight")),
        ]
        // Part of TTFB, for the exchange that opened its upstream connection.
        if let connect = event.timings.connect { rows.append(("Connect", EventFormat.duration(milliseconds: connect))) }
        if let tls = event.timings.tls { rows.append(("TLS", EventFormat.duration(milliseconds: tls))) }
        if let attempt = event.attempt { rows.append(("Attempt", String(attempt))) }
        if let requestID = event.requestID { rows.append(("Request ID", requestID)) }
        if let first = event.sseEvents.first, let last = event.sseEvents.last {
            let after = { (date: Date) in EventFormat.duration(milliseconds: date.timeIntervalSince(event.startedAt) * 1000) }
            rows.append(("SSE", "\(event.sseEvents.count) events, first after \(after(first.receivedAt)), last after \(after(last.receivedAt))"))
        }
        if let tunnel = event.tunnel {
            rows.append(("Tunnel", "\(tunnel.host):\(tunnel.port), \(EventFormat.bytes(tunnel.bytesUp)) up, \(EventFormat.bytes(tunnel.bytesDown)) down"))
        }
        if let tls = event.tls {
            var client = tls.intercepted ? "intercepted with Loupe's CA" : "not intercepted"
            if let name = tls.serverName { client += ", SNI \(name)" }
            if let version = tls.clientVersion { client += ", \(version)" }
            if let suite = tls.clientCipherSuite { client += ", \(suite)" }
            rows.append(("TLS client", client))
            var upstream = tls.upstreamVersion ?? "no handshake"
            if let suite = tls.upstreamCipherSuite { upstream += ", \(suite)" }
            if !tls.upstreamVerified { upstream += ", NOT VERIFIED (--upstream-insecure)" }
            rows.append(("TLS server", upstream))
            if let certificate = tls.upstreamCertificate {
                rows.append(("Certificate", certificate.subject))
                rows.append(("Issuer", certificate.issuer))
                if let notAfter = certificate.notAfter {
                    rows.append(("Expires", notAfter.formatted(Date.ISO8601FormatStyle())))
                }
            }
        }
        var lines: [ScreenLine] = []
        for (name, value) in rows {
            lines += wrap(TerminalText.sanitized(value), .plain, label: TerminalText.fitted(name, to: 11))
        }
        // A bar per phase, scaled to the total, so slow first bytes stand out at a glance.
        if let total = event.timings.total, total > 0 {
            let barWidth = max(1, width - 12)
            lines.append(ScreenLine())
            let ttfb = min(total, event.timings.ttfb ?? 0)
            let waiting = Int((ttfb / total * Double(barWidth)).rounded())
            lines.append(ScreenLine([ScreenSegment(TerminalText.fitted("waiting", to: 12), .dim),
                                     ScreenSegment(String(repeating: "█", count: waiting), .redirect)]))
            lines.append(ScreenLine([ScreenSegment(TerminalText.fitted("receiving", to: 12), .dim),
                                     ScreenSegment(String(repeating: " ", count: waiting)
                                                   + String(repeating: "█", count: max(1, barWidth - waiting)), .success)]))
        }
        return lines
    }

    private func redactionLines() -> [ScreenLine] {
        guard !event.redactions.isEmpty else {
            return wrap("No rule redacted anything in this event.", .dim)
        }
        let countWidth = 8
        let ruleWidth = max(10, min(width, 60) - countWidth)
        var lines = [ScreenLine(TerminalText.fitted("RULE", to: ruleWidth)
                                + TerminalText.fitted("TIMES", to: countWidth, alignRight: true), .header)]
        let sorted = event.redactions.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (rule, count) in sorted {
            lines.append(ScreenLine(TerminalText.fitted(TerminalText.sanitized(rule), to: ruleWidth)
                                    + TerminalText.fitted(String(count), to: countWidth, alignRight: true)))
        }
        lines.append(ScreenLine(TerminalText.fitted("total", to: ruleWidth)
                                + TerminalText.fitted(String(event.redactionCount), to: countWidth, alignRight: true), .bold))
        lines.append(ScreenLine())
        lines += wrap("Only which rules fired and how often is kept; the values themselves were never stored.", .dim)
        return lines
    }

    // MARK: - Pieces

    private func headerLines(_ headers: [HTTPHeader]) -> [ScreenLine] {
        var lines = [ScreenLine(), ScreenLine("Headers", .header)]
        guard !headers.isEmpty else { return lines + wrap("(none)", .dim, label: "  ") }
        for header in headers {
            let name = TerminalText.sanitized(header.name)
            lines += wrap(TerminalText.sanitized(header.value), .plain, label: "  \(name): ", labelStyle: .bold)
        }
        return lines
    }

    private func bodyLines(_ body: CapturedBody?) -> [ScreenLine] {
        guard let body else { return [] }
        var summary = "Body  \(body.contentType.map(TerminalText.sanitized) ?? "no content type"), \(EventFormat.bytes(body.originalSize))"
        if let coding = body.decodedFrom { summary += ", decoded from \(coding.rawValue)" }
        var lines = [ScreenLine(), ScreenLine(summary, .header)]
        guard let text = body.text else {
            let reason = switch body.omitted?.reason {
            case .binary: "binary content is not stored"
            case .notCaptured: "capture was off for this body"
            case .undecodable: "the content coding could not be decoded"
            case nil: "not stored"
            }
            var note = "(\(reason)"
            if let digest = body.omitted?.sha256 { note += "; sha256 \(digest)" }
            return lines + wrap(note + ")", .dim, label: "  ")
        }
        let textLines: [String]
        if JSONPrettyPrinter.looksLikeJSON(text, contentType: body.contentType) {
            textLines = JSONPrettyPrinter.lines(text)
        } else if body.contentType?.lowercased().contains("x-www-form-urlencoded") ?? false {
            textLines = text.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        } else {
            textLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        for line in textLines {
            lines += wrap(TerminalText.sanitized(line), .plain, label: "  ")
        }
        if body.truncated {
            lines += wrap("(truncated: \(EventFormat.bytes(text.utf8.count)) of \(EventFormat.bytes(body.originalSize)) stored)",
                          .dim, label: "  ")
        }
        return lines
    }

    /// `text` wrapped to the width after `label`; continuation lines are indented under the text.
    private func wrap(_ text: String, _ style: ScreenStyle, label: String = "",
                      labelStyle: ScreenStyle = .dim) -> [ScreenLine] {
        let labelWidth = TerminalText.width(of: label)
        let fitsLabel = labelWidth < width / 2
        let pieces = TerminalText.wrapped(TerminalText.sanitized(text), to: fitsLabel ? width - labelWidth : width)
        // A label too long to sit beside the text gets a line of its own.
        let labelLines = fitsLabel || label.isEmpty ? [] : TerminalText.wrapped(label, to: width).map { ScreenLine($0, labelStyle) }
        return labelLines + pieces.enumerated().map { index, piece in
            guard fitsLabel, !label.isEmpty else { return ScreenLine(piece, style) }
            let prefix = index == 0 ? label : String(repeating: " ", count: labelWidth)
            return ScreenLine([ScreenSegment(prefix, index == 0 ? labelStyle : .plain), ScreenSegment(piece, style)])
        }
    }
}
