/// Cuts `bytes` into chunks of pseudo-random sizes (1 to 64 bytes, some empty) chosen by `seed`,
/// so a fuzzer can check that a streaming parser gives the same result however its input arrives.
/// Seed 0 gives the whole input as one chunk.
public func chunks(of bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
    guard seed != 0 else { return [bytes[...]] }
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
    var result: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        // SplitMix64: cheap, and the same seed always gives the same cuts (reproducible crashes).
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        let size = Int(mixed % 65)  // 0: an empty chunk, which parsers must take too
        let end = min(bytes.count, start + size)
        result.append(bytes[start..<end])
        start = end
    }
    return result
}
