import Foundation
import RedactionCorpus

/// Writes a deterministic, realistic HTTP traffic dump for redaction benchmarks: request and
/// response heads, JSON and form bodies, SSE deltas, with secrets and benign look-alikes at the
/// rates a debug log of a chat app would have them.
struct TrafficCorpus {
    /// Writes at least `bytes` bytes of traffic to `url` and returns the size written.
    static func write(bytes target: Int, to url: URL) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var random = SplitMix64(seed: 0x10_0B_E5)
        var written = 0
        var chunk = ""
        chunk.reserveCapacity(1 << 20)
        var exchange = 0
        while written < target {
            chunk += Self.exchange(number: exchange, random: &random)
            exchange += 1
            if chunk.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                written += chunk.utf8.count
                chunk.removeAll(keepingCapacity: true)
            }
        }
        // On disk before anything is timed: the kernel's write-back would otherwise run during
        // the first timed run.
        try handle.synchronize()
        return written
    }

    private static let names = ["ann", "bob", "carla", "dmitri", "eve", "farah", "giulia", "hiro"]
    private static let domains = ["example.com", "mail.example.org", "corp.example.net"]
    private static let phones = ["+1 415 555 2671", "(415) 555-2671", "+44 20 7946 0958", "+39 06 1234 5678",
                                 "030 12345678", "+33 6 12 34 56 78", "090-1234-5678", "(11) 91234-5678"]

    static func exchange(number: Int, random: inout SplitMix64) -> String {
        let uuid = UUID(uuid: random.uuidBytes()).uuidString.lowercased()
        let name = names[Int(random.next() % UInt64(names.count))]
        let domain = domains[Int(random.next() % UInt64(domains.count))]
        let hasSecrets = random.next() % 4 == 0
        let digest = String(format: "%016llx%016llx", random.next(), random.next())
        let price = Double(random.next() % 100_000) / 100
        var text = """
            POST /v1/conversations/\(uuid)/messages?limit=20&cursor=\(digest.prefix(12)) HTTP/1.1
            Host: api.example.com
            User-Agent: ChatApp/3.14.2 (Linux; x86_64)
            Accept: text/event-stream
            Content-Type: application/json
            X-Request-ID: \(uuid)
            If-None-Match: W/"\(digest)"
            Date: Sun, 22 Nov 2026 04:12:\(String(format: "%02d", number % 60)) GMT

            {"conversationId":"\(uuid)","text":"Order ORD-2026-\(String(format: "%06d", number % 1_000_000)) costs $\(String(format: "%.2f", price)); shipped from warehouse 7 at 2026-11-22T04:12:33.123Z, version 1.2.\(number % 40)","model":"gpt-sample-2","temperature":0.7,"maxTokens":512}

            HTTP/1.1 200 OK
            Content-Type: text/event-stream
            Cache-Control: no-cache
            ETag: "\(digest)"

            data: {"conversationId":"\(uuid)","messageId":"m\(number)","deltaText":"Sure, here is the summary of your request number \(number).","done":false}

            data: {"conversationId":"\(uuid)","messageId":"m\(number)","deltaText":" It listens on localhost:8080 and took 1732248753123 ms.","done":true}


            """
        if hasSecrets {
            let phone = phones[Int(random.next() % UInt64(phones.count))]
            text += """
                GET /rpc/me?access_token=\(digest)&email=\(name)%40\(domain) HTTP/1.1
                Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c
                Cookie: session=\(digest); theme=dark

                HTTP/1.1 200 OK
                Content-Type: application/json

                {"user":{"id":"\(uuid)","email":"\(name).\(number)+chat@\(domain)","phone":"\(phone)","card":"4111 1111 1111 1111","iban":"GB82 WEST 1234 5698 7654 32"},"note":"aws key AKIAIOSFODNN7EXAMPLE and ghp_\(digest)\(digest.prefix(4))"}


                """
        }
        return text
    }
}

extension SplitMix64 {
    /// 16 random bytes with the version (4) and variant bits of a random UUID.
    mutating func uuidBytes() -> uuid_t {
        let a = next(), b = next()
        return (UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
                UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
                UInt8(truncatingIfNeeded: a >> 48) & 0x0F | 0x40, UInt8(truncatingIfNeeded: a >> 56),
                UInt8(truncatingIfNeeded: b) & 0x3F | 0x80, UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16),
                UInt8(truncatingIfNeeded: b >> 24), UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40),
                UInt8(truncatingIfNeeded: b >> 48), UInt8(truncatingIfNeeded: b >> 56))
    }
}
