import Foundation
import LoupeCore

extension HAREntry {
    /// The HAR entry for a Loupe event. Cookies and the query string are derived from the
    /// (already redacted) headers and URL; Loupe-only facts go into `_`-prefixed members.
    public init(_ event: NetworkEvent) {
        let request = event.request
        let isAbsolute = Self.containsSchemeSeparator(request.url)
        // HAR consumers parse `url` as an absolute URL; a CONNECT authority (`host:443`) is not one.
        let url = isAbsolute ? request.url : "https://" + request.url
        var postData: HARPostData?
        if let body = request.body {
            postData = HARPostData(mimeType: body.contentType ?? "", text: body.text ?? "")
        }
        let harRequest = HARRequest(
            method: request.method, url: url, httpVersion: request.httpVersion,
            cookies: request.headers.values(named: "cookie").flatMap(HARCookie.parseCookieHeader),
            headers: request.headers.map { HARNameValue(name: $0.name, value: $0.value) },
            queryString: HARNameValue.queryParameters(of: url), postData: postData,
            bodySize: request.body?.originalSize ?? 0)

        let ttfb = event.timings.ttfb
        let total = event.timings.total
        let untilHead = ttfb ?? total ?? 0
        // HAR's connect includes its ssl; both are -1 on a reused connection.
        let setup = (event.timings.connect ?? 0) + (event.timings.tls ?? 0)
        let wait = max(0, untilHead - setup)
        let timings = HARTimings(connect: event.timings.connect == nil ? -1 : setup, send: 0, wait: wait,
                                 receive: max(0, (total ?? untilHead) - untilHead), ssl: event.timings.tls ?? -1)
        self.init(startedDateTime: InternetTime(event.startedAt).text, time: total ?? untilHead,
                  request: harRequest, response: event.response.map(HARResponse.init) ?? .none, timings: timings)
        if !isAbsolute { originalURL = request.url }
        self.ttfb = ttfb
        totalKnown = total != nil
        if !event.sseEvents.isEmpty {
            eventStream = event.sseEvents.map {
                HAREventStreamMessage(time: $0.receivedAt.timeIntervalSince1970, type: $0.type, id: $0.id,
                                      data: $0.data, retry: $0.retry)
            }
        }
        if let log = event.webSocket {
            webSocketMessages = log.messages.map(HARWebSocketMessage.init)
            webSocket = HARWebSocket(log)
            resourceType = "websocket"
        }
        grpc = event.grpc.map(HARGRPC.init)
        tunnel = event.tunnel.map {
            HARTunnel(host: $0.host, port: $0.port, bytesUp: $0.bytesUp, bytesDown: $0.bytesDown)
        }
        tls = event.tls.map(HARTLS.init)
        redactions = event.redactions.isEmpty ? nil : event.redactions
        loupeID = event.id.hexString(uppercase: false)
        sequence = event.sequence
        source = event.source.rawValue
        state = event.state.rawValue
        error = event.error.map { HARError(kind: $0.kind.rawValue, message: $0.message) }
        requestID = event.requestID
        attempt = event.attempt
    }
}

extension HAREntry {
    /// Whether `url` contains `://`, searched in its bytes: Foundation's `contains` and the
    /// standard library's `firstRange(of:)` each cost more than the rest of the entry.
    private static func containsSchemeSeparator(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            bytes.count >= 3 && (0...(bytes.count - 3)).contains { index in
                bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                    && bytes[index + 2] == UInt8(ascii: "/")
            }
        }
    }
}

extension HARResponse {
    /// The HAR response for a captured one; the body goes into `content`.
    init(_ response: CapturedResponse) {
        let body = response.body
        var content = HARContent(size: body?.originalSize ?? 0, mimeType: body?.contentType ?? "", text: body?.text)
        content.omitted = body?.omitted?.reason.rawValue
        content.sha256 = body?.omitted?.sha256
        content.truncated = body?.truncated == true ? true : nil
        content.decodedFrom = body?.decodedFrom?.rawValue
        self.init(
            status: response.status, statusText: response.reason, httpVersion: response.httpVersion,
            cookies: response.headers.values(named: "set-cookie").compactMap(HARCookie.init(setCookie:)),
            headers: response.headers.map { HARNameValue(name: $0.name, value: $0.value) },
            content: content, redirectURL: response.headers["location"] ?? "",
            bodySize: body?.originalSize ?? 0)
        trailers = response.trailers?.map { HARNameValue(name: $0.name, value: $0.value) }
    }
}

extension HARCookie {
    /// The cookies of one `Cookie` request header (`a=1; b=2`).
    static func parseCookieHeader(_ value: String) -> [HARCookie] {
        value.split(separator: ";").compactMap { pair in
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return HARCookie(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The cookie one `Set-Cookie` header sets, with its attributes; nil for an empty header.
    init?(setCookie value: String) {
        let attributes = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = attributes.first, !first.isEmpty else { return nil }
        let pair = first.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(name: String(pair[0]), value: pair.count > 1 ? String(pair[1]) : "")
        for attribute in attributes.dropFirst() {
            let parts = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].lowercased(), argument = parts.count > 1 ? String(parts[1]) : ""
            switch name {
            case "path": path = argument
            case "domain": domain = argument
            case "expires": expires = argument
            case "httponly": httpOnly = true
            case "secure": secure = true
            default: break
            }
        }
    }
}

extension HARNameValue {
    /// The query parameters of `url`, `+` read as a space and percent-decoded (a value that does
    /// not decode to UTF-8 is kept as written). One pass over the bytes: Foundation's string
    /// replacing and decoding dominated HAR export time.
    static func queryParameters(of url: String) -> [HARNameValue] {
        var url = url
        return url.withUTF8 { bytes -> [HARNameValue] in
            guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return [] }
            let end = bytes[question...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            var parameters: [HARNameValue] = []
            for pair in bytes[(question + 1)..<end].split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = decoded(pair[..<(equals ?? pair.endIndex)])
                let value = equals.map { decoded(pair[($0 + 1)...]) } ?? ""
                parameters.append(HARNameValue(name: name, value: value))
            }
            return parameters
        }
    }

    private static func decoded(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard text.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: text, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < text.endIndex,
                      let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2]) {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(validating: output, as: UTF8.self) ?? String(decoding: text, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
