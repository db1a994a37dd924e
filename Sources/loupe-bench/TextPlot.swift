/// A small line chart in text, for a terminal: one column per sample (averaged when there are
/// more samples than columns), the y axis labelled with its range.
///
/// ```
/// RSS (MB) over 600 s
///  61.2 ┤          ▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄
///       ┤    ▄▄▄▄▄▄█████████████████████
///  40.1 ┤▄▄▄▄██████████████████████████
/// ```
enum TextPlot {
    /// The chart of `values` with `title`, `rows` high and at most `columns` wide.
    static func render(_ values: [Double], title: String, rows: Int = 8, columns: Int = 60) -> String {
        guard let low = values.min(), let high = values.max(), !values.isEmpty else { return title + ": no samples" }
        let width = min(columns, values.count)
        let buckets = (0..<width).map { column -> Double in
            let start = column * values.count / width
            let end = max(start + 1, (column + 1) * values.count / width)
            let slice = values[start..<end]
            return slice.reduce(0, +) / Double(slice.count)
        }
        // A flat series still gets a visible band rather than a division by zero.
        let span = high - low > 0 ? high - low : max(1, high * 0.01)
        let levels = buckets.map { Int((($0 - low) / span * Double(rows * 2 - 1)).rounded()) }
        let label = { (value: Double) in
            let text = String(format: "%.1f", value)
            return String(repeating: " ", count: max(0, 7 - text.count)) + text
        }
        var lines = [title]
        for row in (0..<rows).reversed() {
            let name = row == rows - 1 ? label(low + span) : row == 0 ? label(low) : String(repeating: " ", count: 7)
            let cells = levels.map { level -> Character in
                if level >= row * 2 + 1 { return "█" }
                if level == row * 2 { return "▄" }
                return " "
            }
            lines.append(name + " ┤" + String(cells))
        }
        return lines.joined(separator: "\n")
    }
}
