import Crypto
import Foundation

/// The key of the `hash` replacement style: `[rule-id:5f2a9c1e]` is the start of
/// HMAC-SHA256(key, secret), so one secret gets one placeholder throughout a log (and can be
/// correlated) while the secret itself cannot be recovered without the key.
///
/// ```swift
/// let key = RedactionHashKey.fromEnvironment()          // LOUPE_HASH_KEY, or this process's random key
/// let fixed = RedactionHashKey(bytes: Array("team-shared-key".utf8))
/// ```
public struct RedactionHashKey: Sendable {
    /// The environment variable whose UTF-8 bytes become the key when set and not empty.
    public static let environmentVariable = "LOUPE_HASH_KEY"

    // Raw bytes rather than a `SymmetricKey`, which swift-crypto does not declare `Sendable`.
    private let bytes: [UInt8]

    /// A key made of exactly these bytes.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// A random 256-bit key generated once per process: placeholders correlate within one run
    /// (one log, one export) but not across runs.
    public static let processRandom: RedactionHashKey = {
        var generator = SystemRandomNumberGenerator()
        return RedactionHashKey(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }()

    /// `LOUPE_HASH_KEY` from `environment` when it is set and not empty, else ``processRandom``.
    /// Set the variable to correlate placeholders across runs or machines.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> RedactionHashKey
    {
        guard let text = environment[environmentVariable], !text.isEmpty else { return processRandom }
        return RedactionHashKey(bytes: text.utf8)
    }

    /// The first 8 lower-case hex digits of HMAC-SHA256(key, `secret`).
    func digestPrefix(of secret: UnsafeRawBufferPointer) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: secret, using: SymmetricKey(data: bytes))
        let hex = JSONStringCoding.lowerHexDigits
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for byte in code.prefix(4) {
            digits.append(hex[Int(byte >> 4)])
            digits.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
