import Foundation
import LoupeConsole
import LoupeCore
import LoupeExport
import Testing

/// What the screen shows, as text, for given model states and sizes.
@Suite struct ConsoleRendererTests {
    static let renderer = ConsoleRenderer(format: EventFormat(timeZone: TimeZone(identifier: "UTC")!))

    static func sample() throws -> [NetworkEvent] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/events.ndjson").standardized
        return try EventListSource(contentsOf: url, reader: EventFileReader(redactor: IdentityRedactor())).events
    }

    @Test func everyLineIsExactlyTheTerminalWidth() throws {
        for size in [ConsoleSize(rows: 24, columns: 80), ConsoleSize(rows: 40, columns: 132), ConsoleSize(rows: 5, columns: 30)] {
            var model = ConsoleModel.loaded(try Self.sample(), size: size)
            for action: ConsoleAction in [.first, .openDetail, .selectTab(.events), .toggleHelp] {
                model.apply(action)
                let frame = Self.renderer.frame(for: model)
                #expect(frame.lines.count == size.rows)
                for line in frame.text { #expect(TerminalText.width(of: line) == size.columns, "\(line)") }
            }
        }
    }

    @Test func theListShowsOneRowPerEventWithItsColumns() throws {
        let model = ConsoleModel.loaded(try Self.sample())
        let text = Self.renderer.frame(for: model).text
        #expect(text[0].hasPrefix("TIME     METHOD  ST  HOST/PATH"))
        // 80 columns leave 35 cells for host and path: longer ones end in "…".
        #expect(text[1] == "14:13:20 GET     200 api.example.com/conversations?limit…  40ms   24B RED       ")
        #expect(text[3] == "14:13:20 POST    200 api.example.com/conversations/c1/me…     …  120B SSE 2     ")
        #expect(text[4].contains("CONNECT 200 api.example.com:443"))
        #expect(text[4].contains("TUN"))
        #expect(text[5].contains("GET     ERR 127.0.0.1:9/slow"))
        #expect(text[5].contains("30.0s"))
        #expect(text[5].contains("ERR"))
        #expect(text[7].trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func wideTerminalsShowMilliseconds() throws {
        let model = ConsoleModel.loaded(try Self.sample(), size: ConsoleSize(rows: 24, columns: 120))
        #expect(Self.renderer.frame(for: model).text[1].hasPrefix("14:13:20.125 GET"))
    }

    @Test func theStatusBarSummarisesTheView() throws {
        var model = ConsoleModel.loaded(try Self.sample(), label: "events.ndjson")
        model.apply(.setFilter("host:api.example.com"))
        model.finishFiltering()
        model.apply(.move(-1))
        let status = Self.renderer.frame(for: model).text[22]
        #expect(status == " events.ndjson  3/6 shown  evicted 0  follow off  filter: host:api.example.com  ")
        model.apply(.toggleFilter)
        model.finishFiltering()
        #expect(Self.renderer.frame(for: model).text[22]
            .hasPrefix(" events.ndjson  6/6 shown  evicted 0  follow off  filter off: host:api.example.…"))  // cut to 80 columns
    }

    @Test func theFilterLineShowsTheErrorUnderItsColumn() throws {
        var model = ConsoleModel.loaded(try Self.sample())
        model.apply(.beginFilter)
        model.type("status:abc")
        let frame = Self.renderer.frame(for: model)
        #expect(frame.text[22].hasPrefix("/status:abc "))
        #expect(frame.text[23].hasPrefix("        ^ expected a status"))  // the caret under "a", column 8
        #expect(frame.cursor?.row == 22)
        #expect(frame.cursor?.column == 11)
    }

    @Test func theRequestTabShowsHeadersWithPlaceholdersAndPrettyJSON() throws {
        var model = ConsoleModel.loaded(try Self.sample())
        model.apply(.first)
        model.apply(.openDetail)
        let text = Self.renderer.frame(for: model).text
        #expect(text[0].hasPrefix("GET 200 api.example.com/conversations?limit=20"))
        #expect(text[1].hasPrefix(" 1 Request   2 Response   3 Events (0)   4 Timing   5 Redactions (1)"))
        #expect(text.contains { $0.hasPrefix("  Authorization: Bearer [REDACTED:bearer]") })
        model.apply(.nextTab)
        let response = Self.renderer.frame(for: model).text
        #expect(response.contains { $0.hasPrefix("HTTP/1.1 200 OK") })
        #expect(response.contains { $0.hasPrefix("    \"items\": [],") })
        #expect(response.contains { $0.hasPrefix("    \"next\": null") })
    }

    @Test func theEventsTabListsTimeIDTypeAndData() throws {
        var model = ConsoleModel.loaded(try Self.sample())
        model.apply(.first)
        model.apply(.move(2))
        model.apply(.openDetail)
        model.apply(.selectTab(.events))
        let text = Self.renderer.frame(for: model).text
        #expect(text[2].hasPrefix("TIME         ID       TYPE       DATA"))
        #expect(text[3].hasPrefix("14:13:20.205 -        message    {\"deltaText\":\"Hel\"}"))
        #expect(text[4].hasPrefix("14:13:20.215 42       delta      line 1↵line 2"))
        #expect(text[5].hasPrefix("… streaming"))
    }

    @Test func theRedactionsTabCountsRulesWithoutValues() {
        var model = ConsoleModel.loaded([TestEvents.http(1, redactions: ["email": 2, "bearer": 1])])
        model.apply(.openDetail)
        model.apply(.selectTab(.redactions))
        let text = Self.renderer.frame(for: model).text
        #expect(text[3].hasPrefix("email"))
        #expect(text[3].contains("       2"))
        #expect(text[4].hasPrefix("bearer"))
        #expect(text[5].hasPrefix("total"))
        #expect(text[5].contains("       3"))
    }

    @Test func theTimingTabShowsPhases() throws {
        var model = ConsoleModel.loaded(try Self.sample())
        model.apply(.first)
        model.apply(.openDetail)
        model.apply(.selectTab(.timing))
        let text = Self.renderer.frame(for: model).text
        #expect(text.contains { $0.hasPrefix("State      complete") })
        #expect(text.contains { $0.hasPrefix("TTFB       13ms") })
        #expect(text.contains { $0.hasPrefix("Total      40ms") })
        #expect(text.contains { $0.hasPrefix("Attempt    1") })
    }

    @Test func theTimingTabShowsConnectAndTLSWhenTheExchangeOpenedItsConnection() throws {
        var events = try Self.sample()
        events[0].timings.connect = 2
        events[0].timings.tls = 7
        var model = ConsoleModel.loaded(events)
        model.apply(.first)
        model.apply(.openDetail)
        model.apply(.selectTab(.timing))
        let text = Self.renderer.frame(for: model).text
        #expect(text.contains { $0.hasPrefix("Connect    2ms") })
        #expect(text.contains { $0.hasPrefix("TLS        7ms") })
    }

    @Test func wideCharactersAreMeasuredInCells() {
        let event = TestEvents.http(1, host: "例え.jp", path: "/日本語/データ")
        let model = ConsoleModel.loaded([event])
        let row = Self.renderer.frame(for: model).text[1]
        #expect(row.contains("例え.jp/日本語/データ"))
        #expect(TerminalText.width(of: row) == 80)
    }

    @Test func controlCharactersInDataCannotReachTheTerminal() {
        let event = TestEvents.http(1, path: "/a\u{1B}[31mred\u{07}")
        let row = Self.renderer.frame(for: ConsoleModel.loaded([event])).text[1]
        #expect(!row.contains("\u{1B}"))
        #expect(row.contains("/a\u{FFFD}[31mred\u{FFFD}"))
    }

    @Test func resizingRelaysOutTheScreen() throws {
        var model = ConsoleModel.loaded((1...100).map { TestEvents.http($0) })
        model.apply(.resize(ConsoleSize(rows: 10, columns: 100)))
        let small = Self.renderer.frame(for: model)
        #expect(small.lines.count == 10)
        #expect(small.text[7].contains("/items/100"))  // follow keeps the newest row on screen
        #expect(small.text[8].contains("100/100 shown"))
    }

    @Test func helpListsEveryKey() {
        var model = ConsoleModel.loaded([TestEvents.http(1)], size: ConsoleSize(rows: 30, columns: 100))
        model.apply(.toggleHelp)
        let text = Self.renderer.frame(for: model).text.joined(separator: "\n")
        for key in ["k j", "PgUp", "g G", "Enter", "Tab", "f ", "/ ", "t ", "x ", "c ", "? ", "q "] {
            #expect(text.contains(key), "\(key)")
        }
    }

    @Test func anEmptyFilterResultSaysHowToGetBack() {
        var model = ConsoleModel.loaded([TestEvents.http(1)])
        model.apply(.setFilter("status:404"))
        model.finishFiltering()
        #expect(Self.renderer.frame(for: model).text[2].contains("No event matches the filter"))
    }
}
