import Foundation
import LoupeCore
@testable import LoupeExport
import Testing

/// The exporters' hand-written JSON is exactly what Foundation's encoder writes, and decodes back.
@Suite struct JSONBuilderTests {
    static var tricky: NetworkEvent {
        var event = ExportTestEvents.all[0]
        event.request.url = "https://api.example.com/q?x=\"quoted\"&path=a/b\\c"
        event.request.headers.append(HTTPHeader(name: "X-Control", value: "tab\there\u{1}bell\u{7F} é ✓ 🦊"))
        event.timings = EventTimings(ttfb: 0.1 + 0.2, total: 1e20)
        event.startedAt = Date(timeIntervalSince1970: -86_400 * 400 + 0.5)  // before 1970; a fraction exact in binary
        return event
    }

    @Test(arguments: ExportTestEvents.all + [JSONBuilderTests.tricky])
    func eventJSONMatchesJSONEncoderByteForByte(event: NetworkEvent) throws {
        var builder = JSONBuilder()
        builder.event(event)
        let expected = try JSONEncoder.loupe().encode(event)
        #expect(String(decoding: builder.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func eventJSONArraysAreWhatTheLogAPIServedBefore() throws {
        let events = ExportTestEvents.all + [Self.tricky]
        let encoder = JSONEncoder.loupe()
        let expected = try "[" + events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: ",\n") + "]\n"
        #expect(String(decoding: EventJSON.array(events), as: UTF8.self) == expected)
        #expect(String(decoding: EventJSON.array([]), as: UTF8.self) == "[]\n")
        #expect(EventJSON.encode(Self.tricky) == (try encoder.encode(Self.tricky)))
    }

    @Test func harEntryJSONDecodesToTheSameEntry() throws {
        for event in ExportTestEvents.all + [Self.tricky] {
            let entry = HAREntry(event)
            var builder = JSONBuilder()
            builder.harEntry(entry)
            #expect(try JSONDecoder().decode(HAREntry.self, from: Data(builder.bytes)) == entry)
        }
    }

    /// Every character that needs escaping, at every offset of strings up to 24 bytes, so each
    /// lands at each position of an eight-byte word and in the byte-by-byte tail.
    @Test func stringsAreEscapedLikeJSONEncoder() throws {
        var values: [String] = []
        for special in ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\t", "\u{7F}", "é", "/"] {
            for length in 0...24 {
                for offset in 0..<max(length, 1) {
                    var text = String(repeating: "a", count: length)
                    if length > 0 {
                        text.replaceSubrange(text.index(text.startIndex, offsetBy: offset)...text.index(text.startIndex, offsetBy: offset),
                                             with: special)
                    }
                    values.append(text)
                }
            }
        }
        var builder = JSONBuilder()
        builder.beginArray()
        for value in values { builder.string(value) }
        builder.endArray()
        let expected = try JSONEncoder.loupe().encode(values)
        #expect(String(decoding: builder.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func uuidHexStringsMatchFoundation() {
        for id in [UUID(), UUID(), UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 255))] {
            #expect(id.hexString(uppercase: true) == id.uuidString)
            #expect(id.hexString(uppercase: false) == id.uuidString.lowercased())
        }
    }

    @Test func integersAreWrittenLikeFoundation() throws {
        var builder = JSONBuilder()
        let values: [Int64] = [0, 7, -7, 10, 99, 100, Int64.max, Int64.min, -1_000_000]
        builder.beginArray()
        for value in values { builder.int(value) }
        builder.int(UInt64.max)
        builder.number(-42)
        builder.number(1e14)
        builder.endArray()
        let expected = values.map(String.init) + [String(UInt64.max), "-42", "100000000000000"]
        #expect(String(decoding: builder.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
    }

    @Test func datesAreUTCWithMilliseconds() {
        var builder = JSONBuilder()
        builder.date(Date(timeIntervalSince1970: 1_795_327_801.123))
        builder.date(Date(timeIntervalSince1970: 951_782_400))  // 2000-02-29
        builder.date(Date(timeIntervalSince1970: -1))
        #expect(String(decoding: builder.bytes, as: UTF8.self)
                    == #""2026-11-22T06:10:01.123Z","2000-02-29T00:00:00.000Z","1969-12-31T23:59:59.000Z""#)
    }
}
