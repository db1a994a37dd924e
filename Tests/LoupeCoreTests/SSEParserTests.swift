import Foundation
import PropertyBased
import Testing
@testable import LoupeCore

/// Chunk sizes every rule test runs with: 0 feeds the whole input at once.
private let chunkings = [0, 1, 2]
private let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)
private let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

/// Feeds `input` in chunks of `chunkSize` bytes (the whole input when 0), then finishes the
/// stream, and returns the events and the parser's final state.
private func parse(_ input: [UInt8], chunkSize: Int) -> (events: [SSEEvent], parser: SSEParser) {
    var parser = SSEParser()
    var events: [SSEEvent] = []
    if chunkSize == 0 {
        events += parser.feed(input, receivedAt: fixedDate)
    } else {
        var start = 0
        while start < input.count {
            let end = min(start + chunkSize, input.count)
            events += parser.feed(input[start..<end], receivedAt: fixedDate)
            start = end
        }
    }
    events += parser.finish()
    return (events, parser)
}

private func parse(_ input: String, chunkSize: Int) -> (events: [SSEEvent], parser: SSEParser) {
    parse(Array(input.utf8), chunkSize: chunkSize)
}

/// An expected event, stamped with the date `parse` uses.
private func event(_ data: String, type: String = "message", id: String? = nil, retry: Int? = nil) -> SSEEvent {
    SSEEvent(receivedAt: fixedDate, type: type, id: id, data: data, retry: retry)
}

@Suite struct SSEParserTests {
    // MARK: UTF-8 and byte order mark

    @Test(arguments: chunkings)
    func invalidUTF8BecomesReplacementCharacters(chunkSize: Int) {
        let input: [UInt8] = Array("event: e".utf8) + [0xC3] + Array("\nid: i".utf8) + [0xFF]
            + Array("\ndata: a".utf8) + [0xFF, 0xFE] + Array("b".utf8) + [0xE2, 0x82]
            + Array("\ndata: ".utf8) + [0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80] + Array("\n\n".utf8)
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a\u{FFFD}\u{FFFD}b\u{FFFD}\n😀\u{FFFD}\u{FFFD}\u{FFFD}",
                                        type: "e\u{FFFD}", id: "i\u{FFFD}")])
    }

    @Test(arguments: chunkings)
    func leadingByteOrderMarkIsStripped(chunkSize: Int) {
        let result = parse(byteOrderMark + Array("data: x\n\n".utf8), chunkSize: chunkSize)
        #expect(result.events == [event("x")])
    }

    @Test(arguments: chunkings)
    func secondByteOrderMarkIsKept(chunkSize: Int) {
        // The second mark becomes part of the field name "\u{FEFF}data", which is unknown.
        let input = byteOrderMark + byteOrderMark + Array("data: x\n\ndata: y\n\n".utf8)
        #expect(parse(input, chunkSize: chunkSize).events == [event("y")])
    }

    @Test(arguments: chunkings)
    func byteOrderMarkLaterInTheStreamIsData(chunkSize: Int) {
        let input = Array("data: a".utf8) + byteOrderMark + Array("\n\n".utf8)
            + byteOrderMark + Array("data: b\n\ndata:".utf8) + byteOrderMark + Array("c\n\n".utf8)
        #expect(parse(input, chunkSize: chunkSize).events == [event("a\u{FEFF}"), event("\u{FEFF}c")])
    }

    @Test(arguments: chunkings)
    func partialByteOrderMarkAtStartIsData(chunkSize: Int) {
        // Only EF BB: not a mark, so the bytes stay and spoil the first field name.
        let input = Array(byteOrderMark.prefix(2)) + Array("data: x\n\ndata: y\n\n".utf8)
        #expect(parse(input, chunkSize: chunkSize).events == [event("y")])
    }

    @Test func byteOrderMarkSplitOverChunksIsStripped() {
        var parser = SSEParser()
        #expect(parser.feed([0xEF]).isEmpty)
        #expect(parser.feed([0xBB]).isEmpty)
        #expect(parser.feed([0xBF] + Array("data".utf8)).isEmpty)
        #expect(parser.feed(Array(": x\n\n".utf8), receivedAt: fixedDate) == [event("x")])
    }

    // MARK: Line ends

    @Test(arguments: chunkings, ["data: a\n\n", "data: a\r\n\r\n", "data: a\r\r", "data: a\r\n\n", "data: a\n\r"])
    func everyLineEndEndsALine(chunkSize: Int, input: String) {
        #expect(parse(input, chunkSize: chunkSize).events == [event("a")])
    }

    @Test(arguments: chunkings)
    func mixedLineEndsSplitLines(chunkSize: Int) {
        let input = "data: a\rdata: b\ndata: c\r\ndata: d\r\r\ndata: e\n\r\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event("a\nb\nc\nd"), event("e")])
    }

    @Test(arguments: chunkings)
    func carriageReturnLineFeedIsOneLineEnd(chunkSize: Int) {
        // Were CRLF two line ends, "a" would be dispatched alone.
        let input = "data: a\r\ndata: b\r\n\r\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event("a\nb")])
    }

    @Test func carriageReturnAtChunkEndThenLineFeedIsOneLineEnd() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\ndata: b\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\r".utf8), receivedAt: fixedDate) == [event("a\nb")])
    }

    @Test func carriageReturnAtChunkEndThenOtherByteEndsTheLine() {
        var parser = SSEParser()
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("data: b\r".utf8)).isEmpty)
        // A CR at the start of a chunk after a CR is a second line end: a blank line.
        #expect(parser.feed(Array("\r".utf8), receivedAt: fixedDate) == [event("a\nb")])
        #expect(parser.feed(Array("\n".utf8)).isEmpty)  // belongs to the CR before it
        #expect(parser.feed(Array("data: c\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8), receivedAt: fixedDate) == [event("c")])
    }

    // MARK: Line syntax

    @Test(arguments: chunkings)
    func commentLinesAreIgnored(chunkSize: Int) {
        let input = ": hello\n:\ndata: a\n:data: b\n: \n\n:only a comment\n\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event("a")])
    }

    @Test(arguments: chunkings)
    func lineWithoutColonIsFieldWithEmptyValue(chunkSize: Int) {
        let input = "data\n\ndata\ndata\n\nevent\ndata: x\n\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event(""), event("\n"), event("x")])
    }

    @Test(arguments: chunkings, [
        ("data:x\n\n", "x"), ("data: x\n\n", "x"), ("data:  x\n\n", " x"), ("data:\tx\n\n", "\tx"),
        ("data: \n\n", ""), ("data:x \n\n", "x "), ("data: a:b: c\n\n", "a:b: c"),
    ])
    func exactlyOneLeadingSpaceIsStripped(chunkSize: Int, example: (input: String, data: String)) {
        #expect(parse(example.input, chunkSize: chunkSize).events == [event(example.data)])
    }

    // MARK: data

    @Test(arguments: chunkings)
    func dataLinesAreJoinedWithLineFeeds(chunkSize: Int) {
        let input = "data: a\ndata: b\ndata:\n\ndata\ndata: c\n\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event("a\nb\n"), event("\nc")])
    }

    @Test(arguments: chunkings)
    func blockWithoutDataDispatchesNothing(chunkSize: Int) {
        let input = "event: ping\n\ndata: x\n\nid: 7\nretry: 10\n\n"
        let result = parse(input, chunkSize: chunkSize)
        // The event type was reset by the first empty block; the id of the second one still
        // became the last event ID, and its retry still set the reconnection time.
        #expect(result.events == [event("x")])
        #expect(result.parser.lastEventID == "7")
        #expect(result.parser.reconnectionTime == 10)
    }

    // MARK: event

    @Test(arguments: chunkings)
    func eventTypeIsResetAfterEachDispatch(chunkSize: Int) {
        let input = "event: delta\ndata: 1\n\ndata: 2\n\nevent:\ndata: 3\n\nevent: a\nevent: b\ndata: 4\n\n"
        #expect(parse(input, chunkSize: chunkSize).events == [
            event("1", type: "delta"), event("2"), event("3"), event("4", type: "b"),
        ])
    }

    // MARK: id

    @Test(arguments: chunkings)
    func idContainingNullIsIgnored(chunkSize: Int) {
        let input = "id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\u{0}\n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a", id: "1"), event("b\u{0}", id: "1")])
        #expect(result.parser.lastEventID == "1")
    }

    @Test(arguments: chunkings)
    func emptyIdClearsTheLastEventID(chunkSize: Int) {
        let input = "id: 1\ndata: a\n\nid\ndata: b\n\nid: 2\ndata: c\n\nid:\ndata: d\n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a", id: "1"), event("b"), event("c", id: "2"), event("d")])
        #expect(result.parser.lastEventID == "")
    }

    @Test(arguments: chunkings)
    func lastEventIDPersistsAcrossEvents(chunkSize: Int) {
        let input = "id: 1\ndata: a\n\ndata: b\n\ndata: c\nid:  spaced \n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a", id: "1"), event("b", id: "1"), event("c", id: " spaced ")])
        #expect(result.parser.lastEventID == " spaced ")
    }

    @Test(arguments: chunkings)
    func idOfUndispatchedBlockDoesNotChangeLastEventID(chunkSize: Int) {
        let result = parse("id: 1\ndata: a\n\nid: 2\ndata: b\n", chunkSize: chunkSize)
        #expect(result.events == [event("a", id: "1")])
        #expect(result.parser.lastEventID == "1")
    }

    @Test func lastEventIDCanBeSeededForAResumedStream() {
        var parser = SSEParser(lastEventID: "41")
        #expect(parser.feed(Array("data: a\n\nid: 42\ndata: b\n\n".utf8), receivedAt: fixedDate)
            == [event("a", id: "41"), event("b", id: "42")])
    }

    // MARK: retry

    @Test(arguments: chunkings)
    func validRetrySetsReconnectionTime(chunkSize: Int) {
        let input = "retry: 1500\ndata: a\n\ndata: b\n\nretry:0042\ndata: c\nretry: 7\n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a", retry: 1500), event("b"), event("c", retry: 7)])
        #expect(result.parser.reconnectionTime == 7)
    }

    @Test(arguments: chunkings, ["retry", "retry:", "retry: ", "retry: 15a", "retry: -1", "retry: +1",
                                 "retry: 1.5", "retry:  10", "retry: 10 ", "retry: \u{0661}\u{0662}",
                                 "retry: １２"])
    func invalidRetryIsIgnored(chunkSize: Int, line: String) {
        let result = parse("retry: 300\n\n\(line)\ndata: a\n\n", chunkSize: chunkSize)
        #expect(result.events == [event("a")])
        #expect(result.parser.reconnectionTime == 300)
    }

    @Test(arguments: chunkings)
    func overflowingRetryIsClampedToIntMax(chunkSize: Int) {
        let result = parse("retry: 99999999999999999999999999999\ndata: a\n\n", chunkSize: chunkSize)
        #expect(result.events == [event("a", retry: Int.max)])
        #expect(result.parser.reconnectionTime == Int.max)
    }

    @Test(arguments: chunkings)
    func retryAppliesEvenWithoutDispatch(chunkSize: Int) {
        let result = parse("data: a\nretry: 250\n", chunkSize: chunkSize)
        #expect(result.events.isEmpty)
        #expect(result.parser.reconnectionTime == 250)
    }

    // MARK: Unknown fields

    @Test(arguments: chunkings)
    func unknownFieldsAreIgnored(chunkSize: Int) {
        let input = "foo: bar\ndata: a\nid2: x\n data: b\ndata : c\ndatas: d\n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a")])
        #expect(result.parser.lastEventID == "")
    }

    @Test(arguments: chunkings)
    func fieldNamesAreCaseSensitive(chunkSize: Int) {
        let input = "Data: a\nEvent: e\nID: 1\nRetry: 5\nDATA: b\n\ndata: c\n\n"
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("c")])
        #expect(result.parser.lastEventID == "")
        #expect(result.parser.reconnectionTime == nil)
    }

    // MARK: Dispatch and end of stream

    @Test(arguments: chunkings)
    func blankLineDispatchesEachEvent(chunkSize: Int) {
        let input = "data: a\n\n\n\ndata: b\n\n"
        #expect(parse(input, chunkSize: chunkSize).events == [event("a"), event("b")])
    }

    @Test(arguments: chunkings, ["data: a\n\ndata: b", "data: a\n\ndata: b\n", "data: a\n\ndata: b\r",
                                 "data: a\n\nevent: x\ndata: b\nid: 3\n"])
    func partialEventAtEndIsDiscarded(chunkSize: Int, input: String) {
        let result = parse(input, chunkSize: chunkSize)
        #expect(result.events == [event("a")])
        #expect(result.parser.lastEventID == "")
    }

    @Test func hasPartialEventTellsWhetherTheStreamWasCutOff() {
        var parser = SSEParser()
        #expect(!parser.hasPartialEvent)
        _ = parser.feed(Array(byteOrderMark.prefix(1)))
        #expect(parser.hasPartialEvent)
        _ = parser.feed(Array(byteOrderMark.suffix(2)))
        #expect(!parser.hasPartialEvent)
        _ = parser.feed(Array("data: a\n\n: keep-alive\n".utf8))
        #expect(!parser.hasPartialEvent)
        _ = parser.feed(Array("dat".utf8))
        #expect(parser.hasPartialEvent)
        _ = parser.feed(Array("a: b\r".utf8))
        #expect(parser.hasPartialEvent)
        _ = parser.feed(Array("\n\r\n".utf8))
        #expect(!parser.hasPartialEvent)
    }

    @Test func finishStartsAFreshStreamKeepingIDAndRetry() {
        var parser = SSEParser()
        _ = parser.feed(Array("id: 5\nretry: 900\ndata: a\n\nid: 6\ndata: lost".utf8))
        #expect(parser.finish().isEmpty)
        #expect(parser.lastEventID == "5")
        // The new stream may start with its own byte order mark and does not see "lost".
        let events = parser.feed(byteOrderMark + Array("data: b\n\n".utf8), receivedAt: fixedDate)
        #expect(events == [event("b", id: "5")])
        #expect(parser.reconnectionTime == 900)
    }

    // MARK: Feeding

    @Test func eventsCarryTheDateOfTheChunkThatCompletedThem() {
        var parser = SSEParser()
        let first = Date(timeIntervalSince1970: 1), second = Date(timeIntervalSince1970: 2)
        let third = Date(timeIntervalSince1970: 3)
        #expect(parser.feed(Array("data: a\n".utf8), receivedAt: first).isEmpty)
        let events = parser.feed(Array("\ndata: b\n\ndata: c".utf8), receivedAt: second)
        #expect(events.map(\.receivedAt) == [second, second])
        #expect(events.map(\.data) == ["a", "b"])
        #expect(parser.feed(Array("\n\n".utf8), receivedAt: third).map(\.receivedAt) == [third])
    }

    @Test func everyKindOfByteSequenceIsAccepted() {
        let text = "id: 1\ndata: é\n\n"
        let expected = [event("é", id: "1")]
        var parser = SSEParser()
        #expect(parser.feed(Data(text.utf8), receivedAt: fixedDate) == expected)
        parser = SSEParser()
        #expect(parser.feed(("xx" + text).utf8.dropFirst(2), receivedAt: fixedDate) == expected)
        parser = SSEParser()
        #expect(parser.feed(text.utf8, receivedAt: fixedDate) == expected)
        parser = SSEParser()
        let fromRawBuffer = Array(text.utf8).withUnsafeBytes { parser.feed($0, receivedAt: fixedDate) }
        #expect(fromRawBuffer == expected)
        parser = SSEParser()
        // A sequence without contiguous storage takes the copying path.
        #expect(parser.feed(text.utf8.lazy.map { $0 }.filter { _ in true }, receivedAt: fixedDate) == expected)
        parser = SSEParser()
        #expect(parser.feed([UInt8](), receivedAt: fixedDate).isEmpty)
    }

    // MARK: Performance

    @Test(arguments: [0, 64 * 1024])
    func aTenMegabyteDataLineParses(chunkSize: Int) {
        let size = 10 * 1024 * 1024
        let payload = "<" + String(repeating: "x", count: size - 2) + ">"
        let input = Array("data: \(payload)\n\n".utf8)

        let events = parse(input, chunkSize: chunkSize).events
        #expect(events.count == 1)
        #expect(events.first?.data.utf8.count == size)
        #expect(events.first?.data == payload)
    }

    @Test(arguments: [0, 4096, 7])
    func manySmallEventsParse(chunkSize: Int) {
        let count = chunkSize == 7 ? 20_000 : 100_000
        var input: [UInt8] = []
        input.reserveCapacity(count * 32)
        for index in 0..<count {
            input += Array("id: \(index)\nevent: tick\ndata: \(index)\n\n".utf8)
        }
        let events = parse(input, chunkSize: chunkSize).events
        #expect(events.count == count)
        #expect(events.last == event("\(count - 1)", type: "tick", id: "\(count - 1)"))
        #expect(events.enumerated().allSatisfy { $0.element.data == "\($0.offset)" })
    }

    // MARK: Properties

    @Test func anyChunkingGivesTheEventsOfAReferenceParser() async {
        // Streams built from lines whose names, separators, values and line ends are chosen to hit
        // every rule boundary: BOM bytes, invalid UTF-8, NUL, digits, spaces and the field names.
        func oneOf(_ choices: [String]) -> Generator<[UInt8], Shrink.None<[UInt8]?>> {
            oneOf(choices.map { Array($0.utf8) })
        }
        func oneOf(_ choices: [[UInt8]]) -> Generator<[UInt8], Shrink.None<[UInt8]?>> {
            Gen.element(of: choices).map { $0 ?? [] }
        }
        let name = oneOf(["data", "data", "data", "id", "event", "retry", "Data", "", "x"])
        let separator = oneOf(["", ":", ": ", ":  ", ":\t"])
        let value = oneOf([Array("x".utf8), Array("12".utf8), Array(" ".utf8), Array(":".utf8), [0], [0xFF], [0xC3],
                           Array("é".utf8), byteOrderMark, [0xEF]]).array(of: 0...3).map { $0.flatMap { $0 } }
        let lineEnd = oneOf(["\n", "\r", "\r\n", "\n\n", "\r\r", "\r\n\r\n", "\n\r", ""])
        let line = zip(name, separator, value, lineEnd).map { $0.0 + $0.1 + $0.2 + $0.3 }
        let start = oneOf([[], [], byteOrderMark, byteOrderMark + byteOrderMark, [0xEF, 0xBB], Array(":".utf8)])
        let stream = zip(start, line.array(of: 0...25)).map { $0.0 + $0.1.flatMap { $0 } }
        let cuts = Gen.int(in: 1...9).array(of: 1...8)
        await propertyCheck(count: 300, input: stream, cuts) { input, cuts in
            let expected = ReferenceParser.parse(input)
            var parser = SSEParser()
            var events: [SSEEvent] = []
            var start = 0, turn = 0
            while start < input.count {
                let end = min(start + cuts[turn % cuts.count], input.count)
                events += parser.feed(input[start..<end], receivedAt: fixedDate)
                start = end
                turn += 1
            }
            events += parser.finish()
            #expect(events == expected.events)
            #expect(parser.lastEventID == expected.lastEventID)
            #expect(parser.reconnectionTime == expected.reconnectionTime)
        }
    }
}

/// A deliberately naive transcription of the spec over a decoded string, used as an oracle for
/// the byte-level parser: decode everything (dropping one leading BOM), split into lines, and
/// interpret them one by one.
private enum ReferenceParser {
    static func parse(_ bytes: [UInt8]) -> (events: [SSEEvent], lastEventID: String, reconnectionTime: Int?) {
        var text = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
        if text.first == "\u{FEFF}" { text = text.dropFirst() }

        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            if scalar == "\r" || scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        // Whatever is left in `current` is an unterminated last line, which is never processed.

        var events: [SSEEvent] = []
        var data = "", type = "", idBuffer = "", lastEventID = ""
        var reconnection: Int?, blockRetry: Int?
        for line in lines {
            if line.isEmpty {
                lastEventID = idBuffer
                defer { data = ""; type = ""; blockRetry = nil }
                if data.isEmpty { continue }
                if data.hasSuffix("\n") { data.removeLast() }
                events.append(SSEEvent(receivedAt: fixedDate, type: type.isEmpty ? "message" : type,
                                       id: lastEventID.isEmpty ? nil : lastEventID, data: data, retry: blockRetry))
                continue
            }
            // Scalars, not Characters: a combining mark must not hide a colon or a space.
            let scalars = line.unicodeScalars
            if scalars.first == ":" { continue }
            var name = line, value = ""
            if let colon = scalars.firstIndex(of: ":") {
                name = String(scalars[..<colon])
                var rest = scalars[scalars.index(after: colon)...]
                if rest.first == " " { rest = rest.dropFirst() }
                value = String(rest)
            }
            switch name {
            case "event": type = value
            case "data": data += value + "\n"
            case "id" where !value.unicodeScalars.contains("\u{0}"): idBuffer = value
            case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
                let number = Int(value) ?? Int.max
                reconnection = number
                blockRetry = number
            default: break
            }
        }
        return (events, lastEventID, reconnection)
    }
}
