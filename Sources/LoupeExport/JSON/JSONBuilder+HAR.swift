extension JSONBuilder {
    /// A HAR entry with the members `HAREntry`'s `Codable` conformance reads.
    mutating func harEntry(_ entry: HAREntry) {
        beginObject()
        key("startedDateTime"); string(entry.startedDateTime)
        key("time"); number(entry.time)
        key("request"); harRequest(entry.request)
        key("response"); harResponse(entry.response)
        key("cache"); beginObject(); endObject()
        key("timings"); beginObject()
        if let blocked = entry.timings.blocked { key("blocked"); number(blocked) }
        if let dns = entry.timings.dns { key("dns"); number(dns) }
        if let connect = entry.timings.connect { key("connect"); number(connect) }
        if let ssl = entry.timings.ssl { key("ssl"); number(ssl) }
        key("send"); number(entry.timings.send)
        key("wait"); number(entry.timings.wait)
        key("receive"); number(entry.timings.receive)
        endObject()
        if let address = entry.serverIPAddress { key("serverIPAddress"); string(address) }
        if let connection = entry.connection { key("connection"); string(connection) }
        if let stream = entry.eventStream {
            key("_eventStream"); beginArray()
            for message in stream {
                beginObject()
                key("time"); number(message.time)
                key("type"); string(message.type)
                if let id = message.id { key("id"); string(id) }
                key("data"); string(message.data)
                if let retry = message.retry { key("retry"); int(retry) }
                endObject()
            }
            endArray()
        }
        if let tunnel = entry.tunnel {
            key("_tunnel"); beginObject()
            key("host"); string(tunnel.host)
            key("port"); int(tunnel.port)
            key("bytesUp"); int(tunnel.bytesUp)
            key("bytesDown"); int(tunnel.bytesDown)
            endObject()
        }
        if let tls = entry.tls {
            key("_tls"); beginObject()
            key("intercepted"); bool(tls.intercepted)
            if let name = tls.serverName { key("serverName"); string(name) }
            if let version = tls.clientVersion { key("clientVersion"); string(version) }
            if let suite = tls.clientCipherSuite { key("clientCipherSuite"); string(suite) }
            if let version = tls.upstreamVersion { key("upstreamVersion"); string(version) }
            if let suite = tls.upstreamCipherSuite { key("upstreamCipherSuite"); string(suite) }
            if let certificate = tls.upstreamCertificate {
                key("upstreamCertificate"); beginObject()
                key("subject"); string(certificate.subject)
                key("issuer"); string(certificate.issuer)
                if let notAfter = certificate.notAfter { key("notAfter"); string(notAfter) }
                endObject()
            }
            key("upstreamVerified"); bool(tls.upstreamVerified)
            endObject()
        }
        if let redactions = entry.redactions { key("_redactions"); counts(redactions) }
        if let id = entry.loupeID { key("_id"); string(id) }
        if let sequence = entry.sequence { key("_sequence"); int(sequence) }
        if let source = entry.source { key("_source"); string(source) }
        if let state = entry.state { key("_state"); string(state) }
        if let error = entry.error {
            key("_error"); beginObject()
            key("kind"); string(error.kind)
            key("message"); string(error.message)
            endObject()
        }
        if let requestID = entry.requestID { key("_requestID"); string(requestID) }
        if let attempt = entry.attempt { key("_attempt"); int(attempt) }
        if let url = entry.originalURL { key("_url"); string(url) }
        if let ttfb = entry.ttfb { key("_ttfb"); number(ttfb) }
        if let totalKnown = entry.totalKnown { key("_totalKnown"); bool(totalKnown) }
        if let messages = entry.webSocketMessages { key("_webSocketMessages"); encoded(messages) }
        if let webSocket = entry.webSocket { key("_webSocket"); encoded(webSocket) }
        if let resourceType = entry.resourceType { key("_resourceType"); string(resourceType) }
        if let grpc = entry.grpc { key("_grpc"); encoded(grpc) }
        endObject()
    }

    private mutating func harRequest(_ request: HARRequest) {
        beginObject()
        key("method"); string(request.method)
        key("url"); string(request.url)
        key("httpVersion"); string(request.httpVersion)
        key("cookies"); harCookies(request.cookies)
        key("headers"); harNameValues(request.headers)
        key("queryString"); harNameValues(request.queryString)
        if let postData = request.postData {
            key("postData"); beginObject()
            key("mimeType"); string(postData.mimeType)
            if let text = postData.text { key("text"); string(text) }
            endObject()
        }
        key("headersSize"); int(request.headersSize)
        key("bodySize"); int(request.bodySize)
        endObject()
    }

    private mutating func harResponse(_ response: HARResponse) {
        beginObject()
        key("status"); int(response.status)
        key("statusText"); string(response.statusText)
        key("httpVersion"); string(response.httpVersion)
        key("cookies"); harCookies(response.cookies)
        key("headers"); harNameValues(response.headers)
        let content = response.content
        key("content"); beginObject()
        key("size"); int(content.size)
        if let compression = content.compression { key("compression"); int(compression) }
        key("mimeType"); string(content.mimeType)
        if let text = content.text { key("text"); string(text) }
        if let encoding = content.encoding { key("encoding"); string(encoding) }
        if let omitted = content.omitted { key("_omitted"); string(omitted) }
        if let sha256 = content.sha256 { key("_sha256"); string(sha256) }
        if let truncated = content.truncated { key("_truncated"); bool(truncated) }
        if let decodedFrom = content.decodedFrom { key("_decodedFrom"); string(decodedFrom) }
        endObject()
        key("redirectURL"); string(response.redirectURL)
        key("headersSize"); int(response.headersSize)
        key("bodySize"); int(response.bodySize)
        if let error = response.error { key("_error"); string(error) }
        if let trailers = response.trailers { key("_trailers"); harNameValues(trailers) }
        endObject()
    }

    private mutating func harNameValues(_ pairs: [HARNameValue]) {
        beginArray()
        for pair in pairs {
            beginObject()
            key("name"); string(pair.name)
            key("value"); string(pair.value)
            endObject()
        }
        endArray()
    }

    private mutating func harCookies(_ cookies: [HARCookie]) {
        beginArray()
        for cookie in cookies {
            beginObject()
            key("name"); string(cookie.name)
            key("value"); string(cookie.value)
            if let path = cookie.path { key("path"); string(path) }
            if let domain = cookie.domain { key("domain"); string(domain) }
            if let expires = cookie.expires { key("expires"); string(expires) }
            if let httpOnly = cookie.httpOnly { key("httpOnly"); bool(httpOnly) }
            if let secure = cookie.secure { key("secure"); bool(secure) }
            endObject()
        }
        endArray()
    }
}
