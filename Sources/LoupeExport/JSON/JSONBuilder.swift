import Foundation
import LoupeCore

/// Appends JSON to a byte buffer directly. Foundation's `JSONEncoder` builds a tree of boxed
/// values per event and took over half of a 100 000-event export; the exporters write the known
/// shapes of events and HAR entries through this instead (tests check the output against
/// `JSONEncoder.loupe()` byte for byte).
///
/// The buffer is raw memory rather than an `[UInt8]`: an array append checks uniqueness and
/// capacity byte by byte, which cost more than the escaping itself. Noncopyable, so it is never
/// shared.
struct JSONBuilder: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var needsComma = false

    init(capacity: Int = 2048) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The JSON written so far; valid until the builder next changes.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    mutating func reset() {
        count = 0
        needsComma = false
    }

    mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member name that needs no escaping; the value follows with one of the value methods.
    mutating func key(_ name: StaticString) {
        reserve(name.utf8CodeUnitCount + 4)
        if needsComma { putReserved(UInt8(ascii: ",")) }
        putReserved(UInt8(ascii: "\""))
        (start + count).initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
        count += name.utf8CodeUnitCount
        putReserved(UInt8(ascii: "\""))
        putReserved(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name from data, escaped like any string.
    mutating func key(escaping name: String) {
        string(name)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        var value = value
        // Room for the common case, no escapes; `put` grows the buffer for the rest.
        reserve(value.utf8.count + 2)
        putReserved(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = base[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                put(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                runStart = index + 1
                escape(byte)
            }
            put(UnsafeBufferPointer(start: base + runStart, count: utf8.count - runStart))
        }
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func escape(_ byte: UInt8) {
        let letter: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = byte
        case 0x0A: letter = UInt8(ascii: "n")
        case 0x0D: letter = UInt8(ascii: "r")
        case 0x09: letter = UInt8(ascii: "t")
        case 0x08: letter = UInt8(ascii: "b")
        case 0x0C: letter = UInt8(ascii: "f")
        default:
            let hex: StaticString = "0123456789abcdef"
            put(UInt8(ascii: "\\"))
            put(UInt8(ascii: "u"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(hex.utf8Start[Int(byte >> 4)])
            put(hex.utf8Start[Int(byte & 0x0F)])
            return
        }
        put(UInt8(ascii: "\\"))
        put(letter)
    }

    mutating func int<Integer: BinaryInteger>(_ value: Integer) {
        separate()
        if let value = Int64(exactly: value) {
            decimal(value)
        } else {
            var text = String(value)
            text.withUTF8 { put($0) }
        }
        needsComma = true
    }

    /// A number as Foundation writes it: whole values without a fraction; non-finite as null.
    mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            put("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            decimal(Int64(value))
        } else {
            var text = value.description
            text.withUTF8 { put($0) }
        }
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        put(value ? "true" : "false")
        needsComma = true
    }

    /// An RFC 3339 UTC time with milliseconds, e.g. `2026-11-22T06:00:00.125Z`.
    mutating func date(_ date: Date) {
        separate()
        reserve(26)
        putReserved(UInt8(ascii: "\""))
        InternetTime(date).write { putReserved($0) }
        putReserved(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `value` in decimal, written digit by digit: `String(value)` allocated a string per number.
    private mutating func decimal(_ value: Int64) {
        if value < 0 { put(UInt8(ascii: "-")) }
        var width = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            width += 1
        }
        digits(value.magnitude, width)
    }

    /// The last `width` decimal digits of `value`, with leading zeros.
    private mutating func digits<Value: BinaryInteger>(_ value: Value, _ width: Int) {
        var divisor: UInt64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = UInt64(value.magnitude)
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }

    /// A value of a rarely used shape written by `JSONEncoder.loupe()` (`null` if it cannot be
    /// encoded, which only a non-finite number would cause).
    mutating func encoded(_ value: some Encodable) {
        separate()
        let data = (try? JSONEncoder.loupe().encode(value)) ?? Data("null".utf8)
        data.withUnsafeBytes { put($0.bindMemory(to: UInt8.self)) }
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        capacity = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.initialize(from: start, count: count)
        start.deallocate()
        start = larger
    }

    @inline(__always)
    private mutating func putReserved(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        putReserved(byte)
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    private mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
