import LoupeCore
import LoupeProxy
import LoupeRedaction
import NIOCore
import Testing

/// Every exchange the proxy forwards is logged, left out by the capture filter or counted as
/// dropped, live and exactly.
@Suite struct ProxyAccountingTests {
    @Test func forwardedExchangesEqualLoggedPlusFilteredOutPlusDroppedUnderOverload() async throws {
        let origin = try await TestOrigin.start { request, response in
            let missing = request.head.uri.hasPrefix("/missing")
            try await response.send(status: missing ? .notFound : .ok, headers: ["content-type": "text/plain"],
                                    body: missing ? "no" : "ok")
        }
        // A queue of four log commands overflows as soon as a few clients send at once, which
        // stands in for a logger that cannot keep up; 404s fail the capture filter.
        let harness = try await ProxyHarness.start(
            logging: .redacting(captureFilter: try EventFilter(parsing: "status:2xx"))) { $0.maxQueuedLogCommands = 4 }
        let clients = 8, requestsPerClient = 25
        let statuses = try await withThrowingTaskGroup(of: [String].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var statuses: [String] = []
                    for index in 0..<requestsPerClient {
                        let path = index % 5 == 0 ? "/missing/\(client)-\(index)" : "/ok/\(client)-\(index)"
                        let reply = try await RawConnection.exchange(
                            port: harness.port,
                            "GET http://127.0.0.1:\(origin.port)\(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
                        statuses.append(String(reply.prefix(12)))
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let sent = clients * requestsPerClient
        #expect(statuses.count == sent)
        #expect(statuses.filter { $0 == "HTTP/1.1 404" }.count == sent / 5, "every request was forwarded and answered")
        #expect(statuses.filter { $0 == "HTTP/1.1 200" }.count == sent - sent / 5)

        await harness.proxy.flushLog()
        let accounting = await harness.proxy.accounting()
        let stats = await harness.logger.stats
        let stored = await harness.logger.snapshot()
        #expect(accounting.forwarded == sent)
        #expect(accounting.inFlight == 0)
        #expect(accounting.logged + accounting.filteredOut + accounting.dropped == accounting.forwarded)
        #expect(accounting.dropped > 0, "the tiny queue overflowed")
        #expect(accounting.filteredOut > 0, "some 404s were logged and left out")
        // The logger's own view agrees: what it stored, what it filtered and what it was told it missed.
        #expect(accounting.logged == stored.count)
        #expect(stored.allSatisfy { $0.response?.status == 200 })
        #expect(stats.droppedEvents == accounting.dropped)
        #expect(stats.filteredOut == accounting.filteredOut)
        #expect(accounting.counters["forwardedExchanges"] == sent)
        #expect(accounting.summary.hasPrefix("\(sent) exchanges forwarded: \(stored.count) logged"))
        await harness.stop()
        await origin.stop()
    }

    @Test func withoutOverloadEveryExchangeIsLoggedAndTheSummarySaysSo() async throws {
        let origin = try await ProxyRobustnessTests.okOrigin()
        let harness = try await ProxyHarness.start()
        for _ in 0..<3 {
            let reply = try await RawConnection.exchange(
                port: harness.port, "GET http://127.0.0.1:\(origin.port)/ HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 200"))
        }
        await harness.proxy.flushLog()
        let accounting = await harness.proxy.accounting()
        #expect([accounting.forwarded, accounting.logged, accounting.filteredOut, accounting.dropped,
                 accounting.inFlight, accounting.headerTimeouts] == [3, 3, 0, 0, 0, 0])
        #expect(accounting.summary == "3 exchanges forwarded: 3 logged.")
        await harness.stop()
        await origin.stop()
    }
}
