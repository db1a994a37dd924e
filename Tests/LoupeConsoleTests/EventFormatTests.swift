import Foundation
import LoupeConsole
import LoupeCore
import Testing

/// Column formatting and measuring text in terminal cells.
@Suite struct EventFormatTests {
    @Test func durationsAndSizesAreShort() {
        #expect(EventFormat.duration(milliseconds: 0.42) == "0.4ms")
        #expect(EventFormat.duration(milliseconds: 40.25) == "40ms")
        #expect(EventFormat.duration(milliseconds: 1500) == "1.50s")
        #expect(EventFormat.duration(milliseconds: 30_000) == "30.0s")
        #expect(EventFormat.duration(milliseconds: 123_000) == "2m03s")
        #expect(EventFormat.bytes(512) == "512B")
        #expect(EventFormat.bytes(4096) == "4.0K")
        #expect(EventFormat.bytes(4_000_000) == "3.8M")
        #expect(EventFormat.bytes(50 * 1024) == "50K")
    }

    @Test func timesFollowTheConfiguredZone() {
        let date = Date(timeIntervalSince1970: 1_790_000_000.125)
        #expect(EventFormat(timeZone: TimeZone(identifier: "UTC")!).time(date, milliseconds: true) == "14:13:20.125")
        #expect(EventFormat(timeZone: TimeZone(secondsFromGMT: 3600)!).time(date, milliseconds: false) == "15:13:20")
    }

    @Test func statusesAreStyledByClass() {
        #expect(EventFormat.statusStyle(TestEvents.http(1, status: 204)) == .success)
        #expect(EventFormat.statusStyle(TestEvents.http(1, status: 302)) == .redirect)
        #expect(EventFormat.statusStyle(TestEvents.http(1, status: 404)) == .clientError)
        #expect(EventFormat.statusStyle(TestEvents.http(1, status: 503)) == .serverError)
        #expect(EventFormat.status(TestEvents.http(1, status: nil)) == "…")
    }

    @Test func theTargetDropsSchemeAndUserInfo() {
        var event = TestEvents.http(1)
        event.request.url = "https://user:[REDACTED:url-password]@api.example.com:8443/a?b=1"
        #expect(EventFormat.target(event) == "api.example.com:8443/a?b=1")
    }

    @Test func textIsMeasuredAndCutInCells() {
        #expect(TerminalText.width(of: "abc") == 3)
        #expect(TerminalText.width(of: "日本") == 4)
        #expect(TerminalText.width(of: "e\u{301}") == 1)
        #expect(TerminalText.width(of: "🙂") == 2)
        #expect(TerminalText.truncated("日本語テキスト", to: 7) == "日本語…")
        #expect(TerminalText.fitted("ab", to: 4, alignRight: true) == "  ab")
        #expect(TerminalText.wrapped("abcdef", to: 4) == ["abcd", "ef"])
        #expect(TerminalText.sanitized("a\r\nb\tc\u{1B}") == "a↵b c\u{FFFD}")
    }

    @Test func thePlainTableListsTheFilteredEvents() throws {
        let events = [TestEvents.http(1), TestEvents.http(2, status: 500)]
        let lines = PlainTable(format: EventFormat(timeZone: TimeZone(identifier: "UTC")!))
            .lines(events, filter: try EventFilter(parsing: "status:5xx"))
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("TIME         METHOD  STATUS DURATION   SIZE MARKERS      HOST/PATH"))
        #expect(lines[1] == "14:13:22.125 GET     500        40ms    24B -            api.example.com/items/2")
    }
}
