/// Other readings of a plain text under which secrets show that the text as written hides from
/// the rules: word breaks made real (``WordBreakReading``: `Here you go:\nghp_…`) and percent- or
/// form-encoded lines decoded (``PercentEncodedLines``: `curl -d 'phone=%2B44%2020…'`). The
/// redactor and the scanner both merge what these readings find into what the text as written
/// gives, so `loupe scan` reports everything `loupe redact` removes.
enum EncodedReadings {
    /// Finds spans in a reading: its bytes, the regions to search (nil for all) and whether the
    /// reading is the whole text (then a value's context applies).
    typealias Finder = (UnsafeRawBufferPointer, [Range<Int>]?, _ isWholeText: Bool) throws(PatternEngine.Unscannable) -> [PatternEngine.Span]

    /// `spans` (found in `text` as written) merged with what the readings of `text` give, in
    /// `text`'s offsets. `regions` limits the readings as it limited the text's own scan.
    static func merging(_ spans: [PatternEngine.Span], in text: UnsafeRawBufferPointer, regions: [Range<Int>]?,
                        find: Finder) throws(PatternEngine.Unscannable) -> [PatternEngine.Span] {
        var more: [PatternEngine.Span] = []
        if let breaks = WordBreakReading(in: text) {
            // Same length: offsets are the text's. Only the breaks' lines of a large text.
            let lines = regions ?? (text.count > PatternEngine.largeText ? Redactor.lines(around: breaks.positions, in: text) : nil)
            more += try search(breaks.bytes, lines, true, with: find)
        }
        if let encoded = PercentEncodedLines(in: text, regions: regions) {
            for reading in [encoded.decoded, encoded.decodedWithSpaces] where !reading.bytes.isEmpty {
                for span in try search(reading.bytes, nil, encoded.isWholeText, with: find) {
                    let lower = reading.textOffsets[span.range.lowerBound], upper = reading.textOffsets[span.range.upperBound]
                    if lower < upper { more.append(PatternEngine.Span(range: lower..<upper, rule: span.rule)) }
                }
            }
        }
        return more.isEmpty ? spans : PatternEngine.merged(Array(Set(spans + more)))
    }

    /// `find` over the bytes of `reading`.
    private static func search(_ reading: [UInt8], _ regions: [Range<Int>]?, _ isWholeText: Bool,
                             with find: Finder) throws(PatternEngine.Unscannable) -> [PatternEngine.Span] {
        try reading.withUnsafeBytes { bytes in
            Result { () throws(PatternEngine.Unscannable) in try find(bytes, regions, isWholeText) }
        }.get()
    }
}
