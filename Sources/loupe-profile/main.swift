// `loupe-profile redact N` | `loupe-profile export N` | `loupe-profile proxy PORT UPSTREAM`: fixed
// workloads with a plain (not async) main, for valgrind (callgrind, dhat), which crashes on the
// async main's dispatch_main. `redact` redacts N small proxy exchanges with the built-in rules;
// `export` writes N such exchanges (with a JSON response body, like loupe-bench's export) to a zip
// bundle with the verification pass on; `proxy` serves a reverse proxy with capture and redaction
// on until killed (drive it with scripts/proxy-callgrind.sh).
import Foundation
import LoupeCore
import LoupeExport
import LoupeProxy
import LoupeRedaction
import NIOCore
import NIOPosix

let arguments = CommandLine.arguments.dropFirst()

/// A reverse-proxied GET as the proxy logs it: small headers, a 12-byte body.
func exchange(number: Int) -> NetworkEvent {
    NetworkEvent(
        source: .proxyReverse, state: .complete,
        timings: EventTimings(ttfb: 0.4, total: 0.5),
        request: CapturedRequest(
            method: "GET", url: "http://127.0.0.1:18080/v1/items/\(number)?limit=20",
            headers: [
                HTTPHeader(name: "Host", value: "127.0.0.1:18080"),
                HTTPHeader(name: "Accept", value: "application/json"),
                HTTPHeader(name: "User-Agent", value: "curl/8.5.0"),
                HTTPHeader(name: "via", value: "1.1 loupe"),
            ]),
        response: CapturedResponse(
            status: 200, reason: "OK", httpVersion: "HTTP/1.1",
            headers: [
                HTTPHeader(name: "content-type", value: "text/plain"),
                HTTPHeader(name: "content-length", value: "12"),
            ],
            body: CapturedBody(contentType: "text/plain", text: "hello world\n")),
        attempt: 1)
}

switch arguments.first {
case "redact":
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
    let redactor = Redactor(ruleSet: .builtIn)
    var hits = 0
    let start = ContinuousClock.now
    for number in 0..<count {
        var event = exchange(number: number)
        redactor.redact(&event)
        hits += event.redactions.count
    }
    let elapsed = ContinuousClock.now - start  // read once: two reads would mix two end times
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("redacted \(count) exchanges, \(Int(Double(count) / seconds)) per second, \(hits) hits")
case "export":
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
    let events = (0..<count).map { number in
        var event = exchange(number: number)
        event.sequence = UInt64(number + 1)
        event.response?.headers[0].value = "application/json"
        event.response?.body = CapturedBody(
            contentType: "application/json", text: #"{"id":"msg_\#(number)","role":"assistant","text":"Hello there!"}"#)
        return event
    }
    let file = FileManager.default.temporaryDirectory.appending(path: "loupe-profile-\(UUID().uuidString).zip")
    defer { try? FileManager.default.removeItem(at: file) }
    let start = ContinuousClock.now
    let manifest = try ExportWriter.export(events, to: file, configuration: .init(format: .zip, source: .app))
    print("exported \(manifest.eventCount) events in \(ContinuousClock.now - start), "
        + "\(manifest.verification.lateRedactions) late redactions")
case "proxy":
    let port = arguments.dropFirst().first.flatMap { Int($0) } ?? 18_080
    let upstream = arguments.dropFirst(2).first ?? "http://127.0.0.1:8081"
    let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
    var configuration = ProxyServer.Configuration()
    configuration.port = port
    configuration.upstream = try ProxyUpstream(parsing: upstream)
    let proxy = ProxyServer(configuration: configuration, networkLogger: NetworkLogger(configuration: .redacting()),
                            eventLoopGroup: group)
    let started = DispatchSemaphore(value: 0)
    Task.detached {  // not the main actor: the main thread waits below
        _ = try await proxy.start()
        started.signal()
    }
    started.wait()
    print("listening on \(port)")
    fflush(nil)
    while true { sleep(60) }
default:
    FileHandle.standardError.write(Data("usage: loupe-profile redact N | export N | proxy PORT UPSTREAM\n".utf8))
    exit(64)
}
