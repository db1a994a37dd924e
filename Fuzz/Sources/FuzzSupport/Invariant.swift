import Foundation

/// Stops the run when an invariant does not hold: the message goes to standard error and the
/// process aborts, which libFuzzer reports as a crash and saves the input for.
///
/// A plain `precondition` would say only "Precondition failed" once optimized; this names what
/// was expected, and `SWIFT_BACKTRACE=enable=no` keeps the abort fast.
public func invariant(_ condition: Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("invariant failed at \(file):\(line): \(message())\n".utf8))
    abort()
}
