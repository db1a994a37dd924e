/// Measures and fits text in terminal cells: wide (East Asian, emoji) characters take two
/// cells, combining marks none, and control characters are replaced so stored data can never
/// move the cursor or change colours.
public enum TerminalText {
    /// The number of cells `character` occupies.
    public static func width(of character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        // Emoji presentation selector makes the whole cluster wide.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return width(of: first)
    }

    /// The number of cells `text` occupies.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }  // fast path: Latin (controls are sanitised before this)
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges and the emoji blocks, as terminals draw them.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` on one line: line breaks become `↵`, tabs a space, other control characters `�`.
    public static func sanitized(_ text: some StringProtocol) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            needsWork = true
            break
        }
        guard needsWork else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0D:
                result.append("↵")
                previousWasCR = true
                continue
            case 0x0A:
                if !previousWasCR { result.append("↵") }
            case 0x09:
                result.append(" ")
            case 0..<0x20, 0x7F...0x9F:
                result.append("\u{FFFD}")
            default:
                result.unicodeScalars.append(scalar)
            }
            previousWasCR = false
        }
        return result
    }

    /// `text` cut to at most `width` cells, ending with `…` when something was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var end = text.startIndex
        var lastFit = text.startIndex  // where the text must end to leave room for "…"
        for index in text.indices {
            let cells = self.width(of: text[index])
            if used + cells > width {
                return String(text[..<lastFit]) + "…"
            }
            used += cells
            end = text.index(after: index)
            if used <= width - 1 { lastFit = end }
        }
        return String(text[..<end])
    }

    /// `text` fitted to exactly `width` cells: cut with `…`, or padded with spaces (on the left
    /// when `alignRight`).
    public static func fitted(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let cut = truncated(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - self.width(of: cut)))
        return alignRight ? padding + cut : cut + padding
    }

    /// Splits `text` into pieces of at most `width` cells (hard wrap, no word breaking); an empty
    /// text gives one empty piece.
    public static func wrapped(_ text: String, to width: Int) -> [String] {
        let width = max(1, width)
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in text {
            let cells = self.width(of: character)
            if used + cells > width, !current.isEmpty {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += cells
        }
        pieces.append(current)
        return pieces
    }
}
