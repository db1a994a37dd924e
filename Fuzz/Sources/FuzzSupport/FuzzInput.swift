/// Reads a fuzzer's input as a few choices followed by a payload: `byte()` and `number(below:)`
/// take from the front (0 once the input is used up), `rest()` takes what is left.
///
/// ```swift
/// var input = FuzzInput(data, size)
/// let seed = input.byte()       // how to cut the payload into chunks
/// let payload = input.rest()
/// ```
public struct FuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// Wraps libFuzzer's `(data, size)`; `data` may be nil for an empty input.
    public init(_ data: UnsafeRawPointer?, _ size: Int) {
        bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    /// The next byte, or 0 when none is left.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number in `0..<bound` from the next byte.
    public mutating func number(below bound: Int) -> Int {
        Int(byte()) % bound
    }

    /// Every byte not taken yet.
    public mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}
