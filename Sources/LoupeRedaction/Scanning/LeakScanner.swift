import Foundation

/// The detection mode of the redaction rules: finds secrets in text, JSON, HAR and NDJSON without
/// changing anything, for checking that logs and exports are clean.
///
/// Rules run exactly as in the redactor (keyword prefilter, PCRE2 match, validation of the
/// secret group, see ``RedactionRule/validatedMatches(in:checkingKeywords:)``), so a finding is
/// precisely what redaction would replace. Redaction placeholders (``RedactionPlaceholder``) are
/// not findings, so redacted output scans clean. A pattern that hits PCRE2's resource limits
/// yields a finding of rule ``Finding/unscannableRuleID``: the scanner fails closed.
///
/// ```swift
/// let scanner = LeakScanner(ruleSet: ruleSet)
/// for finding in scanner.scan(text: "key=AKIAIOSFODNN7ABCDEFG") {
///     print(finding.location, finding.ruleID, finding.preview)  // 1:5 aws-access-key-id AKIA…(20 chars)
/// }
/// ```
///
/// Memory stays bounded for inputs of any size (see ``Limits``): text is scanned in overlapping
/// windows, NDJSON record by record, and a JSON document larger than
/// ``Limits/jsonDocumentLimit`` is scanned as text with line numbers instead of JSON pointers.
public struct LeakScanner: Sendable {
    /// Bounds on the memory one scan may use.
    public struct Limits: Sendable, Hashable {
        /// Text is scanned in windows of this many bytes, cut after a line break when one falls in
        /// the window's second half, so memory does not depend on line or file length.
        public var windowSize: Int
        /// Consecutive windows overlap by this many bytes, so a secret (or the context a rule
        /// needs before it) that crosses a window edge is still found whole. A secret longer than
        /// the overlap that straddles an edge may be reported from its first window only, cut short.
        public var windowOverlap: Int
        /// JSON and HAR documents up to this size are parsed and reported by JSON pointer; larger
        /// ones, and NDJSON records larger than this, are scanned as text with line numbers.
        public var jsonDocumentLimit: Int
        /// JSON nested deeper than this is scanned as text (protects the parser's stack).
        public var maximumJSONDepth: Int

        /// 1 MiB windows overlapping by 16 KiB, JSON up to 64 MiB, depth 512.
        public init(windowSize: Int = 1 << 20, windowOverlap: Int = 16 << 10, jsonDocumentLimit: Int = 64 << 20,
                    maximumJSONDepth: Int = 512) {
            // The window must move forward by at least one overlap each time.
            self.windowOverlap = max(1, windowOverlap)
            self.windowSize = max(windowSize, 3 * self.windowOverlap)
            self.jsonDocumentLimit = max(0, jsonDocumentLimit)
            self.maximumJSONDepth = max(1, maximumJSONDepth)
        }
    }

    /// The rules this scanner applies.
    public let ruleSet: RuleSet
    /// The memory bounds of every scan.
    public let limits: Limits

    /// A scanner applying `ruleSet` within `limits`.
    public init(ruleSet: RuleSet, limits: Limits = Limits()) {
        self.ruleSet = ruleSet
        self.limits = limits
        engine = PatternEngine.engine(for: ruleSet.rules)
    }

    /// The redactor's matching step, shared so that a finding is exactly what redaction replaces.
    private let engine: PatternEngine

    /// Every finding in `text`, located by line and column.
    public func scan(text: String) -> [Finding] {
        var text = text
        return text.withUTF8 { scan(bytes: UnsafeRawBufferPointer($0), format: .text) }
    }

    /// Every finding in `bytes` read as `format`; binary input (a NUL byte near the start) has none.
    public func scan(bytes: UnsafeRawBufferPointer, format: ScanFormat) -> [Finding] {
        var stream = LeakScanStream(scanner: self, format: format)
        var findings = stream.feed(bytes)
        findings += stream.finish()
        return findings
    }

    /// Scans the file at `url` as `format` (guessed from the extension when nil), reading it in
    /// chunks, and passes each finding to `report` as soon as it is known.
    ///
    /// - Returns: Whether the file was scanned (false when it was skipped as binary).
    /// - Throws: ``ScanError`` when the file cannot be opened or read.
    @discardableResult
    public func scanFile(at url: URL, displayPath: String? = nil, format: ScanFormat? = nil,
                         report: (Finding) -> Void) throws(ScanError) -> Bool {
        let path = displayPath ?? url.path
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ScanError(path: path, reason: "cannot open the file: \(Self.reason(error))")
        }
        defer { try? handle.close() }
        var stream = LeakScanStream(scanner: self, format: format ?? ScanFormat(path: url.path))
        do {
            while let chunk = try handle.read(upToCount: Self.readChunkSize), !chunk.isEmpty {
                chunk.withUnsafeBytes { stream.feed($0).forEach(report) }
                if stream.isBinary { return false }
            }
        } catch {
            throw ScanError(path: path, reason: "cannot read the file: \(Self.reason(error))")
        }
        stream.finish().forEach(report)
        return !stream.isBinary
    }

    static let readChunkSize = 256 << 10

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }

    // MARK: Matching one segment

    /// A rule match inside one contiguous segment of bytes.
    struct SegmentMatch {
        /// The rule's id, or ``Finding/unscannableRuleID``.
        var ruleID: String
        var category: String
        /// Offsets into the segment.
        var range: Range<Int>
        var preview: String
    }

    /// Runs every rule over `bytes` exactly as the redactor does (``PatternEngine``: one keyword
    /// pass for all rules, matches that are only placeholders dropped, overlapping matches merged
    /// into one span named by the longest match); matches come sorted by start.
    ///
    /// When a rule fails (PCRE2 resource limit), the rules run one by one instead so every other
    /// rule's findings are still reported next to an `unscannable` finding for the failing one.
    func matches(in bytes: UnsafeRawBufferPointer) -> [SegmentMatch] {
        do {
            let spans = try EncodedReadings.merging(engine.spans(in: bytes), in: bytes, regions: nil) { reading, regions, _ throws(PatternEngine.Unscannable) in
                try engine.spans(in: reading, regions: regions)
            }
            return spans.map { segmentMatch(for: $0, in: bytes) }
        } catch {
            return matchesRuleByRule(in: bytes)
        }
    }

    private func matchesRuleByRule(in bytes: UnsafeRawBufferPointer) -> [SegmentMatch] {
        var spans: [PatternEngine.Span] = []
        var failures: [SegmentMatch] = []
        for (index, rule) in engine.rules.enumerated() {
            do {
                spans += try rule.validatedMatches(in: bytes).map { PatternEngine.Span(range: $0, rule: index) }
            } catch {
                failures.append(SegmentMatch(
                    ruleID: Finding.unscannableRuleID, category: Finding.unscannableRuleID, range: 0..<bytes.count,
                    preview: "rule \(rule.id) could not finish: \(error.message)"))
            }
        }
        let found = PatternEngine.merged(PatternEngine.withoutPlaceholders(spans, in: bytes))
        return (failures + found.map { segmentMatch(for: $0, in: bytes) }).enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
    }

    private func segmentMatch(for span: PatternEngine.Span, in bytes: UnsafeRawBufferPointer) -> SegmentMatch {
        let rule = engine.rules[span.rule]
        return SegmentMatch(ruleID: rule.id, category: rule.category.rawValue, range: span.range,
                            preview: SecretPreview.masked(bytes[span.range]))
    }
}
