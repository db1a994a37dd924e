#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Duration {
    /// This limit on a test's wait, multiplied by `LOUPE_TEST_TIMEOUT_SCALE` (default 1).
    ///
    /// Such limits only guard against hanging: a healthy condition is met long before them. Code
    /// built with a sanitizer runs several times slower (ThreadSanitizer 5–15x) and a whole suite
    /// of it shares two cores, so `scripts/sanitize.sh` raises the scale rather than the tests
    /// failing on their guards. Timeouts that are the behaviour under test are not scaled.
    public var scaledForTests: Duration {
        self * Self.testTimeoutScale
    }

    private static let testTimeoutScale: Double = {
        guard let text = getenv("LOUPE_TEST_TIMEOUT_SCALE"), let scale = Double(String(cString: text)),
              scale >= 1 else { return 1 }
        return scale
    }()
}
