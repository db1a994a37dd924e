/// The lines of a plain text that hold percent-encoded data (`curl -d 'phone=%2B44%2020…'`, a
/// query string in an access log), decoded for matching into one buffer: a rule reads
/// `+44 20 7946 0958` where the text has `%2B44%2020%207946%200958`, and what it finds is mapped
/// back to the text. The lines go into one buffer (each ended by a line break) so the rules run
/// once however many lines there are.
struct PercentEncodedLines {
    /// A decoding of the lines: the bytes, and for each byte (plus one final element) its offset
    /// in the text.
    struct Reading {
        var bytes: [UInt8] = []
        var textOffsets: [Int] = []
    }

    /// The lines decoded.
    private(set) var decoded = Reading()
    /// The lines holding a `+` decoded after reading it as a space (form encoding), if any.
    private(set) var decodedWithSpaces: Reading?

    /// Nil when `text` (within `regions`, when given) holds no valid `%XY` escape.
    init?(in text: UnsafeRawBufferPointer, regions: [Range<Int>]? = nil) {
        let percent = UInt8(ascii: "%"), newline = UInt8(ascii: "\n"), plus = UInt8(ascii: "+")
        var spaced = Reading()
        for region in regions ?? [0..<text.count] {
            var searchFrom = region.lowerBound
            while let found = ByteSearch.firstIndex(of: percent, in: text, searchFrom..<region.upperBound) {
                guard found + 2 < text.count, PercentDecodedText.hexValue(text[found + 1]) != nil,
                      PercentDecodedText.hexValue(text[found + 2]) != nil
                else {
                    searchFrom = found + 1
                    continue
                }
                let start = ByteSearch.lastIndex(of: newline, in: text, 0..<found).map { $0 + 1 } ?? 0
                let end = ByteSearch.firstIndex(of: newline, in: text, found..<text.count) ?? text.count
                let line = UnsafeRawBufferPointer(rebasing: text[start..<end])
                Self.append(line, at: start, plusAsSpace: false, to: &decoded)
                if ByteSearch.firstIndex(of: plus, in: line, 0..<line.count) != nil {
                    Self.append(line, at: start, plusAsSpace: true, to: &spaced)
                }
                searchFrom = max(end, found + 1)
            }
        }
        guard !decoded.bytes.isEmpty else { return nil }
        decoded.textOffsets.append(decoded.textOffsets.last.map { $0 + 1 } ?? 0)
        if !spaced.bytes.isEmpty {
            spaced.textOffsets.append(spaced.textOffsets.last.map { $0 + 1 } ?? 0)
            decodedWithSpaces = spaced
        }
    }

    /// Appends `line` (which starts at `start` in the text) decoded, and a line break.
    private static func append(_ line: UnsafeRawBufferPointer, at start: Int, plusAsSpace: Bool, to reading: inout Reading) {
        var index = 0
        while index < line.count {
            if line[index] == UInt8(ascii: "%"), index + 2 < line.count,
               let high = PercentDecodedText.hexValue(line[index + 1]), let low = PercentDecodedText.hexValue(line[index + 2])
            {
                reading.bytes.append(high << 4 | low)
                reading.textOffsets.append(start + index)
                index += 3
            } else {
                let byte = line[index]
                reading.bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                reading.textOffsets.append(start + index)
                index += 1
            }
        }
        reading.bytes.append(UInt8(ascii: "\n"))
        reading.textOffsets.append(start + line.count)
    }
}
