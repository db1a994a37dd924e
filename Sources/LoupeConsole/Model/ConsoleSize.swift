/// The terminal's size in character cells.
public struct ConsoleSize: Sendable, Hashable {
    public var rows: Int
    public var columns: Int

    /// A size; values below 1 are raised to 1.
    public init(rows: Int, columns: Int) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
    }

    /// The smallest terminal the console is designed for.
    public static let minimum = ConsoleSize(rows: 24, columns: 80)
}
