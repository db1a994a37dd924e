/// Scans a byte stream as text in overlapping windows, so memory stays bounded however long the
/// file or any one line is, and locates findings by line and column.
///
/// Window `k` covers `buffer[0..<end]`. Findings starting before the next window's start `K`
/// (about `windowOverlap` before `end`, moved back to a line start when one is near) are reported
/// from window `k`; the rest wait for window `k + 1`, which starts at `K` and therefore sees them
/// whole along with up to `windowOverlap` bytes of context before them. A match in window `k + 1`
/// that overlaps one already reported for the same rule (the tail of a secret cut by `K`) is dropped.
struct TextWindowScanner {
    let scanner: LeakScanner
    private var buffer: [UInt8] = []
    /// Offset of `buffer[0]` in the whole stream (for byte ranges).
    private var bufferStart: Int
    /// The line number at `buffer[0]`.
    private var line: Int
    /// Unicode scalars between the start of that line and `buffer[0]`.
    private var scalarsBeforeBuffer = 0
    /// Reported findings that may still overlap a later window: (rule id, absolute range).
    private var recent: [(String, Range<Int>)] = []

    /// A scanner whose first byte is at `offset` in the stream, on line `line`, column 1.
    init(scanner: LeakScanner, line: Int = 1, offset: Int = 0) {
        self.scanner = scanner
        self.line = line
        self.bufferStart = offset
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer, into findings: inout [Finding]) {
        buffer.append(contentsOf: bytes)
        while buffer.count >= scanner.limits.windowSize {
            scanWindow(final: false, into: &findings)
        }
    }

    mutating func feed(_ bytes: some Collection<UInt8>, into findings: inout [Finding]) {
        buffer.append(contentsOf: bytes)
        while buffer.count >= scanner.limits.windowSize {
            scanWindow(final: false, into: &findings)
        }
    }

    /// Scans what is left; the scanner must not be fed afterwards.
    mutating func finish(into findings: inout [Finding]) {
        scanWindow(final: true, into: &findings)
        buffer = []
        recent = []
    }

    private mutating func scanWindow(final: Bool, into findings: inout [Finding]) {
        let (end, next) = final ? (buffer.count, buffer.count) : windowBounds()
        let matches = buffer.withUnsafeBytes { scanner.matches(in: UnsafeRawBufferPointer(rebasing: $0[0..<end])) }

        var cursor = LineCursor(line: line, scalarsIntoLine: scalarsBeforeBuffer)
        var reported: [(String, Range<Int>)] = []
        for match in matches where match.range.lowerBound < next || final {
            let absolute = (bufferStart + match.range.lowerBound)..<(bufferStart + match.range.upperBound)
            if recent.contains(where: { $0.0 == match.ruleID && $0.1.overlaps(absolute) }) { continue }
            if match.ruleID == Finding.unscannableRuleID,
               recent.contains(where: { $0.0 == match.ruleID }) || reported.contains(where: { $0.0 == match.ruleID })
            {
                continue  // one "could not scan" per stretch of text is enough
            }
            cursor.advance(to: match.range.lowerBound, in: buffer)
            findings.append(Finding(ruleID: match.ruleID, category: match.category,
                                    location: .text(line: cursor.line, column: cursor.scalarsIntoLine + 1),
                                    byteRange: absolute, preview: match.preview))
            reported.append((match.ruleID, absolute))
        }
        guard !final else { return }

        // Move to the next window: forget the bytes before it, but keep counting lines.
        cursor.advance(to: next, in: buffer)
        line = cursor.line
        scalarsBeforeBuffer = cursor.scalarsIntoLine
        buffer.removeSubrange(0..<next)
        bufferStart += next
        recent = (recent + reported).filter { $0.1.upperBound > bufferStart }
    }

    /// Where the current window ends and where the next one starts, both on character boundaries.
    private func windowBounds() -> (end: Int, next: Int) {
        let size = scanner.limits.windowSize, overlap = scanner.limits.windowOverlap
        // End after a line break in the window's second half, so ordinary lines are never cut.
        var end = lastLineStart(in: (size / 2)..<size) ?? size
        end = characterBoundary(atOrBefore: end)
        // Start the next window at a line start when one is near, so `^` anchors see real lines.
        let nominal = end - overlap
        var next = lastLineStart(in: max(1, nominal - overlap)..<(nominal + 1)) ?? nominal
        next = characterBoundary(atOrBefore: next)
        return (end, max(1, next))
    }

    /// The greatest offset in `range` that directly follows a `\n`.
    private func lastLineStart(in range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.lowerBound >= 1 else { return nil }
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if buffer[index - 1] == UInt8(ascii: "\n") { return index }
            index -= 1
        }
        return nil
    }

    /// `offset`, moved back over UTF-8 continuation bytes (at most three, for invalid input).
    private func characterBoundary(atOrBefore offset: Int) -> Int {
        var offset = offset
        var steps = 0
        while offset > 0, offset < buffer.count, steps < 3, buffer[offset] & 0xC0 == 0x80 {
            offset -= 1
            steps += 1
        }
        return offset
    }
}

/// Walks forward through a buffer counting lines and the Unicode scalars since the last line start.
private struct LineCursor {
    var line: Int
    var scalarsIntoLine: Int
    private var position = 0

    init(line: Int, scalarsIntoLine: Int) {
        self.line = line
        self.scalarsIntoLine = scalarsIntoLine
    }

    mutating func advance(to target: Int, in buffer: [UInt8]) {
        while position < target {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                scalarsIntoLine = 0
            } else if byte & 0xC0 != 0x80 {
                scalarsIntoLine += 1  // a scalar starts at every byte that is not a continuation
            }
            position += 1
        }
    }
}
