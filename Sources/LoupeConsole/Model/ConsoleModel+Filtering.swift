import Foundation
import LoupeCore

extension ConsoleModel {
    /// Events evaluated per ``advanceFiltering(budget:)`` call by default: small enough that a
    /// step takes a few milliseconds even with body filters, large enough to finish quickly.
    public static let defaultFilterBudget = 4_096

    /// Starts evaluating `filter` over the stored events unless the rows shown (or being built)
    /// are already for it. The current rows stay until the evaluation completes.
    mutating func showRows(matching filter: EventFilter) {
        if let scan, scan.filter == filter { return }
        if scan == nil, visibleFilter == filter { return }
        scan = FilterScan(filter: filter, cursor: lowestSerial, matched: [])
        if filter.matchesEverything {
            // Nothing to evaluate: finish at once rather than over several polls.
            _ = advanceFiltering(budget: .max)
        }
    }

    /// Evaluates up to `budget` stored events against the filter being applied; when all are
    /// done, the new rows replace the old ones. Returns whether work remains.
    @discardableResult
    public mutating func advanceFiltering(budget: Int = defaultFilterBudget) -> Bool {
        guard var scan else { return false }
        scan.cursor = max(scan.cursor, lowestSerial)
        let matchesAll = scan.filter.matchesEverything
        var remaining = budget
        while scan.cursor < nextSerial, remaining > 0 {
            if let event = events[scan.cursor], matchesAll || scan.filter.matches(event) {
                scan.matched.append(scan.cursor)
            }
            scan.cursor += 1
            remaining -= 1
        }
        guard scan.cursor >= nextSerial else {
            self.scan = scan
            return true
        }
        visible = scan.matched
        visibleFilter = scan.filter
        self.scan = nil
        keepSelectionInView()
        return false
    }

    /// Runs the pending filter evaluation to the end (for tests and non-interactive output).
    public mutating func finishFiltering() {
        while advanceFiltering(budget: .max) {}
    }

    /// Parses and applies `text` as the active filter; a parse error is returned and changes nothing.
    @discardableResult
    mutating func applyFilterText(_ text: String) -> FilterParseError? {
        do {
            filter = try EventFilter(parsing: text)
            filterEnabled = true
            showRows(matching: effectiveFilter)
            return nil
        } catch {
            return error
        }
    }

    /// Remembers a committed filter for ↑/↓, most recent last, without repeats or blanks.
    mutating func remember(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        filterHistory.removeAll { $0 == trimmed }
        filterHistory.append(trimmed)
        if filterHistory.count > 100 { filterHistory.removeFirst(filterHistory.count - 100) }
    }
}
