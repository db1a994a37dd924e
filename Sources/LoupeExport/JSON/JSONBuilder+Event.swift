import LoupeCore

extension JSONBuilder {
    /// An event in Loupe's JSON shape, members in sorted order, exactly as `JSONEncoder.loupe()`
    /// writes it: nil members left out.
    mutating func event(_ event: NetworkEvent) {
        beginObject()
        if let attempt = event.attempt { key("attempt"); int(attempt) }
        if let error = event.error {
            key("error"); beginObject()
            key("kind"); string(error.kind.rawValue)
            key("message"); string(error.message)
            endObject()
        }
        if let grpc = event.grpc { key("grpc"); self.grpc(grpc) }
        key("id"); string(event.id.hexString(uppercase: true))
        key("redactions"); counts(event.redactions)
        key("request"); beginObject()
        if let body = event.request.body { key("body"); self.body(body) }
        key("headers"); headers(event.request.headers)
        key("httpVersion"); string(event.request.httpVersion)
        key("method"); string(event.request.method)
        key("url"); string(event.request.url)
        endObject()
        if let requestID = event.requestID { key("requestID"); string(requestID) }
        if let response = event.response {
            key("response"); beginObject()
            if let body = response.body { key("body"); self.body(body) }
            key("headers"); headers(response.headers)
            key("httpVersion"); string(response.httpVersion)
            key("reason"); string(response.reason)
            key("status"); int(response.status)
            if let trailers = response.trailers { key("trailers"); headers(trailers) }
            endObject()
        }
        key("sequence"); int(event.sequence)
        key("source"); string(event.source.rawValue)
        key("sseEvents"); beginArray()
        for sse in event.sseEvents {
            beginObject()
            key("data"); string(sse.data)
            if let id = sse.id { key("id"); string(id) }
            key("receivedAt"); date(sse.receivedAt)
            if let retry = sse.retry { key("retry"); int(retry) }
            key("type"); string(sse.type)
            endObject()
        }
        endArray()
        key("startedAt"); date(event.startedAt)
        key("state"); string(event.state.rawValue)
        key("timings"); beginObject()
        if let connect = event.timings.connect { key("connect"); number(connect) }
        if let tls = event.timings.tls { key("tls"); number(tls) }
        if let total = event.timings.total { key("total"); number(total) }
        if let ttfb = event.timings.ttfb { key("ttfb"); number(ttfb) }
        endObject()
        if let tls = event.tls { key("tls"); self.tls(tls) }
        if let tunnel = event.tunnel {
            key("tunnel"); beginObject()
            key("bytesDown"); int(tunnel.bytesDown)
            key("bytesUp"); int(tunnel.bytesUp)
            key("host"); string(tunnel.host)
            key("port"); int(tunnel.port)
            endObject()
        }
        if let webSocket = event.webSocket { key("webSocket"); self.webSocket(webSocket) }
        endObject()
    }

    /// A ``GRPCLog`` object, keys sorted.
    private mutating func grpc(_ grpc: GRPCLog) {
        beginObject()
        key("droppedMessages"); int(grpc.droppedMessages)
        key("messages"); beginArray()
        for message in grpc.messages {
            beginObject()
            key("compressed"); bool(message.compressed)
            key("direction"); string(message.direction.rawValue)
            key("receivedAt"); date(message.receivedAt)
            key("sha256"); string(message.sha256)
            key("size"); int(message.size)
            endObject()
        }
        endArray()
        if let status = grpc.status { key("status"); int(status) }
        if let statusMessage = grpc.statusMessage { key("statusMessage"); string(statusMessage) }
        endObject()
    }

    /// A ``WebSocketLog`` object, keys sorted.
    private mutating func webSocket(_ log: WebSocketLog) {
        beginObject()
        if let close = log.close {
            key("close"); beginObject()
            key("by"); string(close.by.rawValue)
            if let code = close.code { key("code"); int(code) }
            if let reason = close.reason { key("reason"); string(reason) }
            endObject()
        }
        key("droppedMessages"); int(log.droppedMessages)
        if let extensions = log.extensions { key("extensions"); string(extensions) }
        if let framingError = log.framingError { key("framingError"); string(framingError) }
        key("messages"); beginArray()
        for message in log.messages {
            beginObject()
            key("compressed"); bool(message.compressed)
            key("direction"); string(message.direction.rawValue)
            key("opcode"); string(message.opcode.rawValue)
            key("receivedAt"); date(message.receivedAt)
            if let sha256 = message.sha256 { key("sha256"); string(sha256) }
            key("size"); int(message.size)
            if let text = message.text { key("text"); string(text) }
            key("truncated"); bool(message.truncated)
            endObject()
        }
        endArray()
        key("pings"); int(log.pings)
        key("pongs"); int(log.pongs)
        endObject()
    }

    /// A ``TLSInfo`` object, keys in the order `JSONEncoder`'s sorted keys give.
    mutating func tls(_ tls: TLSInfo) {
        beginObject()
        if let suite = tls.clientCipherSuite { key("clientCipherSuite"); string(suite) }
        if let version = tls.clientVersion { key("clientVersion"); string(version) }
        key("intercepted"); bool(tls.intercepted)
        if let name = tls.serverName { key("serverName"); string(name) }
        if let certificate = tls.upstreamCertificate {
            key("upstreamCertificate"); beginObject()
            key("issuer"); string(certificate.issuer)
            if let notAfter = certificate.notAfter { key("notAfter"); date(notAfter) }
            key("subject"); string(certificate.subject)
            endObject()
        }
        if let suite = tls.upstreamCipherSuite { key("upstreamCipherSuite"); string(suite) }
        key("upstreamVerified"); bool(tls.upstreamVerified)
        if let version = tls.upstreamVersion { key("upstreamVersion"); string(version) }
        endObject()
    }

    private mutating func body(_ body: CapturedBody) {
        beginObject()
        if let contentType = body.contentType { key("contentType"); string(contentType) }
        if let decodedFrom = body.decodedFrom { key("decodedFrom"); string(decodedFrom.rawValue) }
        if let omitted = body.omitted {
            key("omitted"); beginObject()
            key("reason"); string(omitted.reason.rawValue)
            if let sha256 = omitted.sha256 { key("sha256"); string(sha256) }
            endObject()
        }
        key("originalSize"); int(body.originalSize)
        if let text = body.text { key("text"); string(text) }
        key("truncated"); bool(body.truncated)
        endObject()
    }

    private mutating func headers(_ headers: [HTTPHeader]) {
        beginArray()
        for header in headers {
            beginObject()
            key("name"); string(header.name)
            key("value"); string(header.value)
            endObject()
        }
        endArray()
    }

    /// A `{rule: count}` object with sorted keys.
    mutating func counts(_ counts: [String: Int]) {
        beginObject()
        for (rule, count) in counts.sorted(by: { $0.key < $1.key }) {
            key(escaping: rule); int(count)
        }
        endObject()
    }
}
