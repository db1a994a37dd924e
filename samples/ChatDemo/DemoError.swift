/// Why a demo step failed.
public struct DemoError: Error, CustomStringConvertible {
    /// The step, in words ("start the reverse proxy").
    public var step: String
    /// What went wrong.
    public var reason: String

    /// A failure of `step`.
    public init(step: String, reason: String) {
        self.step = step
        self.reason = reason
    }

    /// A sentence for the CLI.
    public var description: String { "The demo could not \(step): \(reason)." }
}
