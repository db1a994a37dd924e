import Foundation

/// Cuts a byte stream into lines (without the `\n`; a `\r` before it is kept, for the reader to
/// trim where it reads records, so that a document collected whole keeps its bytes), numbering
/// them from 1, so a large file can be decoded one record at a time.
struct LineSplitter {
    private var pending: [UInt8] = []
    private(set) var lineNumber = 0
    /// The longest line kept; a longer one is an error rather than unbounded memory.
    let maximumLineLength: Int

    init(maximumLineLength: Int = 256 << 20) {
        self.maximumLineLength = maximumLineLength
    }

    /// Splits `chunk`, calling `body` with each complete line and its number.
    mutating func feed(_ chunk: Data, _ body: (Int, ArraySlice<UInt8>) throws(ExportError) -> Void) throws(ExportError) {
        pending.append(contentsOf: chunk)
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            try body(lineNumber, pending[start..<newline])
            start = newline + 1
        }
        pending.removeFirst(start)
        if pending.count > maximumLineLength {
            throw ExportError(path: "", position: "line \(lineNumber + 1)",
                              reason: "a line is longer than \(maximumLineLength >> 20) MB; the file is not Loupe's line layout")
        }
    }

    /// Passes the last line when the stream did not end with a line feed.
    mutating func finish(_ body: (Int, ArraySlice<UInt8>) throws(ExportError) -> Void) throws(ExportError) {
        guard !pending.isEmpty else { return }
        lineNumber += 1
        let last = pending
        pending.removeAll()
        try body(lineNumber, last[...])
    }

    /// Takes the bytes after the last line feed, for a reader that stops reading by lines.
    mutating func takeRest() -> [UInt8] {
        defer { pending.removeAll() }
        return pending
    }
}
