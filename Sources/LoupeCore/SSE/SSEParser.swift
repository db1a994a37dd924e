import Foundation

/// An incremental parser for `text/event-stream` bodies that follows the WHATWG HTML
/// "server-sent events" interpretation rules.
///
/// Feed it the body's bytes in whatever chunks they arrive; each call returns the events those
/// bytes complete. The parser is a small value type, so every connection (client, proxy tap,
/// console) simply owns one.
///
/// ```swift
/// var parser = SSEParser()
/// for try await chunk in body {
///     for event in parser.feed(chunk) {
///         print(event.type, event.data)
///     }
/// }
/// parser.finish()                    // a trailing partial event is discarded
/// let resumeFrom = parser.lastEventID // send as Last-Event-ID when reconnecting
/// ```
///
/// Work is linear in the input size however it is chunked: bytes are scanned once, an unfinished
/// line is only appended to, and each field value is decoded to a `String` once (the `data:` lines
/// of an event are decoded together at dispatch). Invalid UTF-8 becomes U+FFFD.
public struct SSEParser: Sendable {
    /// The last event ID of the stream, `""` when there is none; a client sends it as
    /// `Last-Event-ID` when it reconnects.
    ///
    /// Like the spec's "last event ID string", it changes only when an event block is dispatched
    /// (by a blank line), and it persists across events until an `id` field changes it.
    public private(set) var lastEventID: String

    /// The reconnection time in milliseconds most recently set by a valid `retry:` field, if any.
    ///
    /// It is set as soon as the field line arrives, even inside an event that is never dispatched.
    /// Values too large for `Int` are clamped to `Int.max` rather than ignored, because they are
    /// still all digits and clearly mean "wait a very long time".
    public private(set) var reconnectionTime: Int?

    /// Where the scanner is relative to line ends and the start of the stream.
    private enum Position: Sendable {
        /// At the very start of the stream, having seen this many bytes of a UTF-8 byte order mark
        /// (0–2); those bytes are held back until it is clear whether a whole mark follows.
        /// → `.inLine` once three mark bytes were dropped or a byte does not match.
        case streamStart(byteOrderMarkBytesSeen: Int)
        /// The previous byte was a CR that ended a line; an LF right after it is part of the same
        /// line end, even when it arrives in the next chunk. → `.inLine` after the next byte.
        case afterCarriageReturn
        /// Anywhere else. → `.afterCarriageReturn` when a chunk ends with a CR.
        case inLine
    }

    private var position: Position = .streamStart(byteOrderMarkBytesSeen: 0)
    /// The bytes of the current line so far, kept only when the line spans chunks.
    private var lineBuffer: [UInt8] = []
    /// The spec's data buffer, kept as UTF-8 bytes and decoded once at dispatch. Decoding the
    /// concatenation equals decoding each value alone because the joining LF can never be part of
    /// a multi-byte sequence.
    private var dataBuffer: [UInt8] = []
    /// The spec's event type buffer.
    private var eventTypeBuffer = ""
    /// The spec's last event ID buffer: set by `id` fields, copied to `lastEventID` at dispatch.
    private var lastEventIDBuffer: String
    /// The reconnection time set by a `retry` field of the current block, reported on its event.
    private var blockRetry: Int?
    /// Whether the current block has had any field line, for `hasPartialEvent`.
    private var blockHasFields = false

    /// Creates a parser for a new stream.
    ///
    /// - Parameter lastEventID: the last event ID a previous connection ended with, so that events
    ///   of a resumed stream that carry no `id` field still report it.
    public init(lastEventID: String = "") {
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
    }

    /// Feeds the next bytes of the stream and returns the events they complete, in order.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice`, `Data`, `UnsafeRawBufferPointer`,
    /// `String.UTF8View`, …) are scanned in place; other sequences are copied into an array first.
    ///
    /// - Parameters:
    ///   - bytes: the next chunk, of any size (an empty chunk is fine).
    ///   - receivedAt: when the chunk arrived; stamped on every event it completes.
    public mutating func feed(_ bytes: some Sequence<UInt8>, receivedAt: Date = Date()) -> [SSEEvent] {
        var events: [SSEEvent] = []
        let scannedInPlace: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            consume(buffer, receivedAt: receivedAt, into: &events)
        }
        if scannedInPlace == nil {
            Array(bytes).withUnsafeBufferPointer { buffer in
                consume(buffer, receivedAt: receivedAt, into: &events)
            }
        }
        return events
    }

    /// Whether the stream so far ends in the middle of an event: after a field line or inside an
    /// unterminated line, before the blank line that would dispatch it. Check it before `finish()`
    /// to log a stream that was cut off.
    public var hasPartialEvent: Bool {
        switch position {
        case .streamStart(let seen): seen > 0
        case .afterCarriageReturn, .inLine: blockHasFields || !lineBuffer.isEmpty
        }
    }

    /// Ends the stream, discarding an event that has not been dispatched by a blank line yet, as
    /// the spec requires.
    ///
    /// Afterwards the parser is ready for a new stream (a reconnection): the next byte may again
    /// be a byte order mark, while `lastEventID` and `reconnectionTime` are kept.
    ///
    /// - Returns: always an empty array, because every complete event was already returned by
    ///   `feed`; it is an array so that draining loops read naturally.
    @discardableResult
    public mutating func finish() -> [SSEEvent] {
        position = .streamStart(byteOrderMarkBytesSeen: 0)
        lineBuffer = []
        dataBuffer = []
        eventTypeBuffer = ""
        lastEventIDBuffer = lastEventID
        blockRetry = nil
        blockHasFields = false
        return []
    }
}

// MARK: - Scanning

extension SSEParser {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    /// Buffers grown past this by one huge line or event are released instead of being kept for
    /// reuse, so a long-lived stream does not hold on to megabytes after one large event.
    private static let retainedCapacity = 64 * 1024

    /// Splits one chunk into lines, completing a line buffered from earlier chunks first.
    private mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, receivedAt: Date,
                                  into events: inout [SSEEvent]) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        let count = buffer.count
        var lineStart = 0

        switch position {
        case .streamStart(var seen):
            while lineStart < count, seen < Self.byteOrderMark.count,
                  base[lineStart] == Self.byteOrderMark[seen] {
                seen += 1
                lineStart += 1
            }
            if seen == Self.byteOrderMark.count {
                position = .inLine  // the whole mark arrived: drop it
            } else if lineStart == count {
                position = .streamStart(byteOrderMarkBytesSeen: seen)
                return  // still undecided; keep waiting for the next chunk
            } else {
                // Not a byte order mark after all: the held-back bytes begin the first line (they
                // are neither CR nor LF, so they cannot end it).
                lineBuffer.append(contentsOf: Self.byteOrderMark[..<seen])
                position = .inLine
            }
        case .afterCarriageReturn:
            if base[0] == Self.lineFeed { lineStart = 1 }
            position = .inLine
        case .inLine:
            break
        }

        var scanner = LineEndScanner(base: base, count: count)
        while let end = scanner.nextLineEnd(from: lineStart) {
            let tail = UnsafeBufferPointer(start: base + lineStart, count: end - lineStart)
            if lineBuffer.isEmpty {
                processLine(tail, receivedAt: receivedAt, into: &events)  // no copy needed
            } else {
                completeBufferedLine(with: tail, receivedAt: receivedAt, into: &events)
            }
            lineStart = end + 1
            if base[end] == Self.carriageReturn {
                if lineStart == count {
                    position = .afterCarriageReturn  // the LF, if any, is in the next chunk
                } else if base[lineStart] == Self.lineFeed {
                    lineStart += 1
                }
            }
        }
        if lineStart < count {
            lineBuffer.append(contentsOf: UnsafeBufferPointer(start: base + lineStart, count: count - lineStart))
        }
    }

    /// Appends the rest of a line to the bytes buffered from earlier chunks and processes it.
    private mutating func completeBufferedLine(with tail: UnsafeBufferPointer<UInt8>, receivedAt: Date,
                                               into events: inout [SSEEvent]) {
        // Moved out of `self` so that processing the line may mutate `self` while reading it.
        var line: [UInt8] = []
        swap(&line, &lineBuffer)
        line.append(contentsOf: tail)
        line.withUnsafeBufferPointer { processLine($0, receivedAt: receivedAt, into: &events) }
        if line.capacity <= Self.retainedCapacity {
            line.removeAll(keepingCapacity: true)
            lineBuffer = line
        }
    }

    /// Finds line ends (CR or LF) with `memchr`, remembering where the next CR and the next LF
    /// are so that no byte is searched twice (searching for "either byte" from every line start
    /// would rescan the same stretch again and again when one of them is rare).
    private struct LineEndScanner {
        let base: UnsafePointer<UInt8>
        let count: Int
        /// Offsets of the next LF and CR at or after the last search start; `count` when none.
        private var nextLineFeed = -1
        private var nextCarriageReturn = -1

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        mutating func nextLineEnd(from start: Int) -> Int? {
            guard start < count else { return nil }
            if nextLineFeed < start { nextLineFeed = find(SSEParser.lineFeed, from: start) }
            if nextCarriageReturn < start { nextCarriageReturn = find(SSEParser.carriageReturn, from: start) }
            let end = min(nextLineFeed, nextCarriageReturn)
            return end < count ? end : nil
        }

        private func find(_ byte: UInt8, from start: Int) -> Int {
            guard let hit = memchr(base + start, Int32(byte), count - start) else { return count }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }
}

// MARK: - Interpretation

extension SSEParser {
    /// The field names the spec gives meaning to; any other name is ignored.
    private enum Field {
        case event, data, id, retry

        /// Matches the name's bytes exactly: field names are case-sensitive.
        init?(name: UnsafeBufferPointer<UInt8>) {
            switch name.count {
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }

    /// Interprets one line without its line end: a blank line dispatches, a colon starts a
    /// comment, anything else is a field.
    private mutating func processLine(_ line: UnsafeBufferPointer<UInt8>, receivedAt: Date,
                                      into events: inout [SSEEvent]) {
        guard let base = line.baseAddress, !line.isEmpty else {
            if let event = dispatch(receivedAt: receivedAt) { events.append(event) }
            return
        }
        if base[0] == Self.colon { return }
        blockHasFields = true

        let name: UnsafeBufferPointer<UInt8>
        var value: UnsafeBufferPointer<UInt8>
        if let hit = memchr(base, Int32(Self.colon), line.count) {
            let colonOffset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            name = UnsafeBufferPointer(rebasing: line[..<colonOffset])
            value = UnsafeBufferPointer(rebasing: line[(colonOffset + 1)...])
            // Exactly one space is part of the separator; further spaces or a tab are data.
            if value.first == Self.space { value = UnsafeBufferPointer(rebasing: value.dropFirst()) }
        } else {
            name = line  // a bare field name has an empty value
            value = UnsafeBufferPointer(start: nil, count: 0)
        }
        guard let field = Field(name: name) else { return }
        process(field, value: value)
    }

    private mutating func process(_ field: Field, value: UnsafeBufferPointer<UInt8>) {
        switch field {
        case .event:
            eventTypeBuffer = String(decoding: value, as: UTF8.self)
        case .data:
            dataBuffer.append(contentsOf: value)
            dataBuffer.append(Self.lineFeed)
        case .id:
            // U+0000 is encoded only as the byte 0, and invalid bytes decode to U+FFFD, never to
            // NUL, so checking the raw bytes is the same as checking the decoded value.
            if !value.contains(0) {
                lastEventIDBuffer = String(decoding: value, as: UTF8.self)
            }
        case .retry:
            if let milliseconds = Self.reconnectionTime(from: value) {
                reconnectionTime = milliseconds
                blockRetry = milliseconds
            }
        }
    }

    /// Reads a `retry` value: one or more ASCII digits, clamped to `Int.max`; anything else is nil.
    private static func reconnectionTime(from value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        var overflowed = false
        for byte in value {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if !overflowed {
                let (shifted, overflow1) = result.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if overflow1 || overflow2 { overflowed = true } else { result = sum }
            }
        }
        return overflowed ? Int.max : result
    }

    /// Ends the current block at a blank line; returns its event unless the data buffer is empty.
    private mutating func dispatch(receivedAt: Date) -> SSEEvent? {
        lastEventID = lastEventIDBuffer  // also for a block without data, per the spec
        let retry = blockRetry
        let type = eventTypeBuffer.isEmpty ? "message" : eventTypeBuffer
        blockRetry = nil
        blockHasFields = false
        eventTypeBuffer = ""
        guard !dataBuffer.isEmpty else { return nil }

        // Every data line appended an LF; the last one is not part of the data.
        let data = dataBuffer.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes.dropLast()), as: UTF8.self)
        }
        if dataBuffer.capacity <= Self.retainedCapacity {
            dataBuffer.removeAll(keepingCapacity: true)
        } else {
            dataBuffer = []
        }
        return SSEEvent(receivedAt: receivedAt, type: type, id: lastEventID.isEmpty ? nil : lastEventID,
                        data: data, retry: retry)
    }
}
