/// Other readings of a plain text under which secrets show that the text as written hides from
/// the rules: escaped line breaks made real (``EscapedBreaks``: `Here you go:\nghp_…`) and
/// percent-encoded lines decoded (``PercentEncodedLines``: `curl -d 'phone=%2B44%2020…'`).
/// The redactor and the scanner both add what these readings find to what the text as written
/// gives, so `loupe scan` reports everything `loupe redact` removes.
enum EncodedReadings {
    /// Finds spans in a reading: its bytes, the regions to search (nil for all) and whether the
    /// reading covers the whole text (then a value's context applies).
    typealias Finder = (UnsafeRawBufferPointer, [Range<Int>]?, _ isWholeText: Bool) throws(PatternEngine.Unscannable) -> [PatternEngine.Span]

    /// The spans the readings of `text` give, in `text`'s offsets (unmerged). `regions` limits
    /// the escaped-break reading as it limits the text's own scan.
    static func spans(in text: UnsafeRawBufferPointer, regions: [Range<Int>]?,
                      find: Finder) throws(PatternEngine.Unscannable) -> [PatternEngine.Span] {
        var spans: [PatternEngine.Span] = []
        if let unescaped = EscapedBreaks(in: text) {
            // Same length: offsets are the text's. Only the escapes' lines of a large text.
            let lines = regions ?? (text.count > PatternEngine.largeText ? Redactor.lines(around: unescaped.positions, in: text) : nil)
            spans += try unescaped.bytes.withUnsafeBytes { bytes in
                Result { () throws(PatternEngine.Unscannable) in try find(bytes, lines, true) }
            }.get()
        }
        if let encoded = PercentEncodedLines(in: text, regions: regions) {
            for reading in [encoded.decoded, encoded.decodedWithSpaces].compactMap({ $0 }) where !reading.bytes.isEmpty {
                // One line of a text that is nothing else is the whole text (a value's context applies).
                let isWholeText = reading.textOffsets.first == 0 && reading.textOffsets.last == text.count
                    && !text.contains(UInt8(ascii: "\n"))
                let found = try reading.bytes.withUnsafeBytes { bytes in
                    Result { () throws(PatternEngine.Unscannable) in try find(bytes, nil, isWholeText) }
                }.get()
                for span in found {
                    let lower = reading.textOffsets[span.range.lowerBound]
                    let upper = reading.textOffsets[span.range.upperBound]
                    if lower < upper { spans.append(PatternEngine.Span(range: lower..<upper, rule: span.rule)) }
                }
            }
        }
        return spans
    }
}
