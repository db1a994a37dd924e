/// Scans one input that arrives in chunks (a file being read, a zip entry being inflated) with
/// bounded memory, returning findings as soon as they are known.
///
/// - Binary input is detected from the first 8 KiB (a NUL byte) and skipped: ``isBinary``.
/// - Text is scanned in overlapping windows (see ``LeakScanner/Limits``).
/// - NDJSON is scanned record by record; a line that is not JSON is scanned as text, and a record
///   larger than ``LeakScanner/Limits/jsonDocumentLimit`` is scanned as text in windows.
/// - JSON is buffered up to ``LeakScanner/Limits/jsonDocumentLimit`` and walked by pointer at
///   ``finish()``; a larger document, or one that does not parse, is scanned as text instead
///   (``fellBackToText``).
///
/// ```swift
/// var stream = LeakScanStream(scanner: scanner, format: .ndjson)
/// for chunk in chunks { findings += stream.feed(chunk) }
/// findings += stream.finish()
/// ```
public struct LeakScanStream {
    /// How many leading bytes are checked for a NUL byte to tell binary from text.
    public static let sniffLength = 8 << 10

    /// The scanner whose rules and limits apply.
    public let scanner: LeakScanner
    /// How the input is read.
    public let format: ScanFormat
    /// Whether the input was found to be binary; it is then not scanned and has no findings.
    public private(set) var isBinary = false
    /// Whether a JSON input was scanned as text because it was too large or not valid JSON.
    public private(set) var fellBackToText = false
    /// Bytes fed so far.
    public private(set) var byteCount = 0

    private enum State {
        /// Collecting the first bytes to decide whether the input is binary.
        case sniffing([UInt8])
        case text(TextWindowScanner)
        case json([UInt8])
        case ndjson(NDJSONState)
        case binary
        case finished
    }

    private var state: State = .sniffing([])

    /// A stream for one input read as `format`.
    public init(scanner: LeakScanner, format: ScanFormat) {
        self.scanner = scanner
        self.format = format
    }

    /// Scans the next chunk of input.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Finding] {
        byteCount += bytes.count
        var findings: [Finding] = []
        switch state {
        case .sniffing(var pending):
            pending.append(contentsOf: bytes)
            if pending.count >= Self.sniffLength { start(with: pending, into: &findings) } else { state = .sniffing(pending) }
        default:
            process(bytes, into: &findings)
        }
        return findings
    }

    /// Scans what is still buffered; call once, after the last chunk.
    public mutating func finish() -> [Finding] {
        var findings: [Finding] = []
        if case .sniffing(let pending) = state { start(with: pending, into: &findings) }
        switch state {
        case .text(var text):
            text.finish(into: &findings)
        case .json(let document):
            scanJSONDocument(document, into: &findings)
        case .ndjson(var records):
            records.finish(into: &findings)
        case .sniffing, .binary, .finished:
            break
        }
        if !isBinary { state = .finished }
        return findings
    }

    // MARK: States

    private mutating func start(with prefix: [UInt8], into findings: inout [Finding]) {
        if prefix.prefix(Self.sniffLength).contains(0) {
            isBinary = true
            state = .binary
            return
        }
        switch format {
        case .text: state = .text(TextWindowScanner(scanner: scanner))
        case .json: state = .json([])
        case .ndjson: state = .ndjson(NDJSONState(scanner: scanner))
        }
        process(prefix, into: &findings)
    }

    private mutating func process(_ bytes: some Collection<UInt8>, into findings: inout [Finding]) {
        switch state {
        case .text(var text):
            state = .finished  // drop the reference while mutating, so the buffer is not copied
            text.feed(bytes, into: &findings)
            state = .text(text)
        case .json(var document):
            state = .finished
            if document.count + bytes.count > scanner.limits.jsonDocumentLimit {
                // Too large to walk in memory: read the document as lines of text instead.
                fellBackToText = true
                var text = TextWindowScanner(scanner: scanner)
                text.feed(document, into: &findings)
                text.feed(bytes, into: &findings)
                state = .text(text)
            } else {
                document.append(contentsOf: bytes)
                state = .json(document)
            }
        case .ndjson(var records):
            state = .finished
            records.feed(bytes, into: &findings)
            state = .ndjson(records)
        case .sniffing, .binary, .finished:
            break
        }
    }

    private mutating func scanJSONDocument(_ document: [UInt8], into findings: inout [Finding]) {
        let parsed = document.withUnsafeBytes { try? scanner.jsonFindings(in: $0, line: nil) }
        if let parsed {
            findings += parsed
            return
        }
        fellBackToText = true
        var text = TextWindowScanner(scanner: scanner)
        text.feed(document, into: &findings)
        text.finish(into: &findings)
    }
}

/// NDJSON scanning: splits lines, walks each record as JSON, and falls back to text for lines that
/// are not JSON or are too long to hold.
private struct NDJSONState {
    let scanner: LeakScanner
    private var line: [UInt8] = []
    private var lineNumber = 1
    /// Bytes of the current line so far, whether held in `line` or not.
    private var lineLength = 0
    /// Offset of the current line's first byte in the stream.
    private var lineStart = 0
    /// Set while the current line is too long to hold and is being scanned as text.
    private var overlong: TextWindowScanner?

    init(scanner: LeakScanner) {
        self.scanner = scanner
    }

    mutating func feed(_ bytes: some Collection<UInt8>, into findings: inout [Finding]) {
        var rest = bytes[...]
        while !rest.isEmpty {
            if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                append(rest[..<newline], into: &findings)
                endLine(into: &findings)
                rest = rest[rest.index(after: newline)...]
            } else {
                append(rest, into: &findings)
                break
            }
        }
    }

    mutating func finish(into findings: inout [Finding]) {
        endLine(into: &findings)
    }

    private mutating func append(_ bytes: some Collection<UInt8>, into findings: inout [Finding]) {
        lineLength += bytes.count
        if overlong != nil {
            overlong?.feed(bytes, into: &findings)
        } else if line.count + bytes.count > scanner.limits.jsonDocumentLimit {
            var text = TextWindowScanner(scanner: scanner, line: lineNumber, offset: lineStart)
            text.feed(line, into: &findings)
            text.feed(bytes, into: &findings)
            overlong = text
            line = []
        } else {
            line.append(contentsOf: bytes)
        }
    }

    /// Scans the finished line; its newline (if any) is at `lineStart + lineLength`.
    private mutating func endLine(into findings: inout [Finding]) {
        if var text = overlong {
            text.finish(into: &findings)
            overlong = nil
        } else {
            scanRecord(into: &findings)
        }
        lineStart += lineLength + 1
        lineLength = 0
        lineNumber += 1
        line.removeAll(keepingCapacity: true)
    }

    private func scanRecord(into findings: inout [Finding]) {
        let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard !isBlank else { return }
        if let parsed = line.withUnsafeBytes({ try? scanner.jsonFindings(in: $0, line: lineNumber) }) {
            findings += parsed
            return
        }
        var text = TextWindowScanner(scanner: scanner, line: lineNumber, offset: lineStart)
        text.feed(line, into: &findings)
        text.finish(into: &findings)
    }
}
