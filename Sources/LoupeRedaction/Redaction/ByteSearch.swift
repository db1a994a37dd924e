/// Finds one byte value in a range of a buffer, sixteen bytes per vector compare: the line-break
/// searches around keywords and placeholders cover whole lines of large texts.
enum ByteSearch {
    /// The first index of `byte` in `bytes[range]`, if any.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let needle = SIMD16<UInt8>(repeating: byte)
        var index = range.lowerBound
        // Skip whole vectors without the byte; the byte-wise loop then finds it in the first
        // vector that has it, or in the short rest.
        while index + 16 <= range.upperBound,
              !any(base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== needle)
        {
            index += 16
        }
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The last index of `byte` in `bytes[range]`, if any.
    static func lastIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let needle = SIMD16<UInt8>(repeating: byte)
        var end = range.upperBound
        while end - 16 >= range.lowerBound,
              !any(base.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self) .== needle)
        {
            end -= 16
        }
        while end > range.lowerBound {
            end -= 1
            if bytes[end] == byte { return end }
        }
        return nil
    }
}
