import Foundation
import LoupeCore

/// Everything the console shows, as plain data: the events in arrival order, the filtered rows,
/// the selection and scroll position, follow mode, the detail view and its tab, the filter line
/// and prompts. No terminal is involved, so all of it is unit-tested.
///
/// Sources feed it with ``apply(_:)-(SourceUpdate)``; keys become ``ConsoleAction``s through
/// ``action(for:)`` and are applied with ``apply(_:)-(ConsoleAction)``. Filtering is incremental:
/// after the filter changes, ``advanceFiltering(budget:)`` evaluates a bounded number of events per
/// call, and the previous rows stay on screen until the new list is complete, so typing a filter
/// over 100 000 events never blocks input.
///
/// ```swift
/// var model = ConsoleModel(configuration: .init(sourceLabel: "events.ndjson"))
/// model.apply(.reset(events, evicted: 0))
/// model.finishFiltering()
/// model.apply(.setFilter("status:5xx"))
/// model.finishFiltering()
/// ```
public struct ConsoleModel: Sendable {
    /// What the model is told about its surroundings.
    public struct Configuration: Sendable {
        /// Names the source in the status bar, e.g. `events.ndjson` or `attach 127.0.0.1:9901`.
        public var sourceLabel: String
        /// The redaction rule set the events were redacted with, when known.
        public var ruleSetID: String?
        /// The path the export prompt suggests.
        public var defaultExportPath: String

        /// A configuration; only the source label is required.
        public init(sourceLabel: String, ruleSetID: String? = nil,
                    defaultExportPath: String = "loupe-export.zip") {
            self.sourceLabel = sourceLabel
            self.ruleSetID = ruleSetID
            self.defaultExportPath = defaultExportPath
        }
    }

    /// Which screen is showing.
    public enum Screen: Sendable, Hashable {
        case list
        /// The detail view of the event with this serial number.
        case detail(serial: Int)
    }

    /// A one-line note in the bottom row until the next key.
    public struct Message: Sendable, Hashable {
        public var text: String
        public var isError: Bool
    }

    /// An evaluation of a new filter over the stored events, built in steps while the old rows
    /// stay visible.
    struct FilterScan: Sendable {
        var filter: EventFilter
        /// Events with a serial below this have been evaluated.
        var cursor: Int
        var matched: [Int]
    }

    public internal(set) var configuration: Configuration

    // MARK: Events

    /// Stored events by serial number; serials grow in arrival order and are never reused.
    var events: [Int: NetworkEvent] = [:]
    var serialByID: [UUID: Int] = [:]
    /// No stored event has a serial below this.
    var lowestSerial = 0
    var nextSerial = 0
    /// Events the user cleared from the view, so a source replaying them (after a reconnection)
    /// does not bring them back.
    var clearedIDs: Set<UUID> = []
    /// Events the source evicted (or had evicted before the console started).
    public internal(set) var evictedCount = 0
    /// Events the source could not log because its logger fell behind the traffic.
    public internal(set) var notLoggedCount = 0
    /// What the source says about its connection, e.g. `reconnecting in 2s`; nil when all is well.
    public internal(set) var sourceStatus: String?

    // MARK: Filter

    /// The filter typed by the user, applied unless ``filterEnabled`` is false.
    public internal(set) var filter: EventFilter = .all
    /// Whether ``filter`` is applied; `t` toggles it.
    public internal(set) var filterEnabled = true
    /// Serials of the events shown, ascending; complete for ``visibleFilter``.
    var visible: [Int] = []
    var visibleFilter: EventFilter = .all
    var scan: FilterScan?
    /// Filters committed with Enter, oldest first, without repeats.
    public internal(set) var filterHistory: [String] = []

    // MARK: View state

    /// The serial of the selected row; may be one not (yet) in ``visible`` while a scan runs.
    var selectedSerial: Int?
    /// The index in the row list of the top row on screen.
    public internal(set) var scrollTop = 0
    /// Whether the selection sticks to the newest row.
    public internal(set) var follow = true
    public internal(set) var size: ConsoleSize = .minimum
    public internal(set) var screen: Screen = .list
    public internal(set) var detailTab: DetailTab = .request
    /// The first content line shown in the detail view.
    public internal(set) var detailScroll = 0
    public internal(set) var filterEditor: FilterEditor?
    public internal(set) var exportPrompt: LineEditor?
    public internal(set) var showingHelp = false
    public internal(set) var message: Message?

    /// An empty console.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    // MARK: - Reading

    /// The filter that decides which rows are shown: ``filter`` when enabled, else everything.
    public var effectiveFilter: EventFilter { filterEnabled ? filter : .all }

    /// How many events are stored.
    public var totalCount: Int { events.count }

    /// How many rows are shown.
    public var visibleCount: Int { visible.count }

    /// Whether a new filter is still being evaluated (the rows shown are for the previous one).
    public var isFiltering: Bool { scan != nil }

    /// How far the running filter evaluation is, 0 … 1; nil when none runs.
    public var filteringProgress: Double? {
        guard let scan else { return nil }
        let total = nextSerial - lowestSerial
        guard total > 0 else { return 1 }
        return Double(max(0, scan.cursor - lowestSerial)) / Double(total)
    }

    /// The shown event at `row` (0 is the oldest shown).
    public func visibleEvent(at row: Int) -> NetworkEvent? {
        guard visible.indices.contains(row) else { return nil }
        return events[visible[row]]
    }

    /// The shown events, oldest first: what an export of the current view writes.
    public var visibleEvents: [NetworkEvent] { visible.compactMap { events[$0] } }

    /// The row index of the selection; nil when nothing is shown.
    public var selectedRow: Int? {
        guard !visible.isEmpty else { return nil }
        guard let selectedSerial else { return visible.count - 1 }
        return min(insertionIndex(of: selectedSerial), visible.count - 1)
    }

    /// The selected event.
    public var selectedEvent: NetworkEvent? { selectedRow.flatMap(visibleEvent(at:)) }

    /// The event the detail view shows; nil on the list screen or once the event is gone.
    public var detailEvent: NetworkEvent? {
        guard case .detail(let serial) = screen else { return nil }
        return events[serial]
    }

    /// Rows available to the event list for the current size: everything but the header, the
    /// status bar and the bottom line (two bottom lines while the filter line is open).
    public var listRows: Int {
        max(1, size.rows - 3 - (filterEditor == nil ? 0 : 1))
    }

    /// Rows available to the detail view's content: everything but the title, the tab bar, the
    /// status bar and the bottom line.
    public var detailRows: Int {
        max(1, size.rows - 4 - (filterEditor == nil ? 0 : 1))
    }

    /// The stored event with this id.
    public func event(id: UUID) -> NetworkEvent? {
        serialByID[id].flatMap { events[$0] }
    }

    // MARK: - Helpers shared by the extensions

    /// The index of `serial` in `list`, or of the first element greater than it.
    func insertionIndex(of serial: Int, in list: [Int]? = nil) -> Int {
        let list = list ?? visible
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < serial { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Makes `serial`'s membership in `list` agree with `matches`.
    static func setMembership(of serial: Int, in list: inout [Int], matches: Bool, at index: Int) {
        let present = index < list.count && list[index] == serial
        if matches, !present {
            list.insert(serial, at: index)
        } else if !matches, present {
            list.remove(at: index)
        }
    }
}
