import Foundation
import LoupeCore

extension ConsoleModel {
    /// Applies what a source reported. Changes are idempotent: an `added` for a stored id
    /// updates it, an `updated` for an unknown id adds it, and a removal of an unknown id is
    /// ignored, so a source may replay changes around a reconnection.
    public mutating func apply(_ update: SourceUpdate) {
        switch update {
        case .reset(let newEvents, let evicted):
            reset(to: newEvents)
            if let evicted { evictedCount = evicted }
        case .change(let change):
            apply(change)
        case .notLogged(let count):
            notLoggedCount = count
        case .ruleSetID(let id):
            configuration.ruleSetID = id
        case .status(let status):
            sourceStatus = status
        }
    }

    mutating func apply(_ change: NetworkLogger.Change) {
        switch change {
        case .added(let event), .updated(let event):
            upsert(event)
        case .sseAppended(let id, let sseEvent, let hits):
            append(to: id) { $0.appendSSE(sseEvent, redactionHits: hits) }
        case .webSocketAppended(let id, let message, let hits):
            append(to: id) { $0.appendWebSocket(message, redactionHits: hits) }
        case .evicted(let id):
            if remove(id: id) { evictedCount += 1 }
        case .removed(let id):
            remove(id: id)
        case .cleared:
            reset(to: [])
        }
    }

    /// Appends an SSE event or WebSocket message to a stored event. Its Events or Messages tab,
    /// open and scrolled to the end, stays at the end: it follows the live stream.
    private mutating func append(to id: UUID, _ appending: (inout NetworkEvent) -> Void) {
        guard let serial = serialByID[id], var event = events[serial] else { return }
        let following = screen == .detail(serial: serial) && detailTab == .events
            && detailScroll >= detailLineCount - detailRows
        appending(&event)
        events[serial] = event
        reevaluate(serial, event)
        if following { detailScroll = max(0, detailLineCount - detailRows) }
    }

    /// Stores a new event as the newest, or replaces a stored one in place.
    mutating func upsert(_ event: NetworkEvent) {
        guard !clearedIDs.contains(event.id) else { return }
        if let serial = serialByID[event.id] {
            events[serial] = event
            reevaluate(serial, event)
            return
        }
        let serial = nextSerial
        nextSerial += 1
        events[serial] = event
        serialByID[event.id] = serial
        // The rows shown are always complete for their filter; a running scan reaches the new
        // event by itself because it runs up to `nextSerial`.
        if visibleFilter.matches(event) {
            visible.append(serial)
        }
        keepSelectionInView()
    }

    /// Re-checks a changed event against the shown filter and the one being evaluated.
    mutating func reevaluate(_ serial: Int, _ event: NetworkEvent) {
        let index = insertionIndex(of: serial)
        Self.setMembership(of: serial, in: &visible, matches: visibleFilter.matches(event), at: index)
        if var scan, serial < scan.cursor {
            let scanIndex = insertionIndex(of: serial, in: scan.matched)
            Self.setMembership(of: serial, in: &scan.matched, matches: scan.filter.matches(event), at: scanIndex)
            self.scan = scan
        }
        keepSelectionInView()
    }

    /// Removes a stored event; returns whether it was stored.
    @discardableResult
    mutating func remove(id: UUID) -> Bool {
        guard let serial = serialByID.removeValue(forKey: id) else { return false }
        events[serial] = nil
        let index = insertionIndex(of: serial)
        Self.setMembership(of: serial, in: &visible, matches: false, at: index)
        if var scan {
            let scanIndex = insertionIndex(of: serial, in: scan.matched)
            Self.setMembership(of: serial, in: &scan.matched, matches: false, at: scanIndex)
            self.scan = scan
        }
        while lowestSerial < nextSerial, events[lowestSerial] == nil { lowestSerial += 1 }
        keepSelectionInView()
        return true
    }

    /// Replaces every stored event, keeping the selection and the detail view on the same
    /// events (by id) when they are still there.
    mutating func reset(to newEvents: [NetworkEvent]) {
        let selectedID = selectedSerial.flatMap { events[$0]?.id }
        let detailID = detailEvent?.id
        let wasInDetail = screen != .list

        events.removeAll(keepingCapacity: true)
        serialByID.removeAll(keepingCapacity: true)
        lowestSerial = nextSerial
        // Forget cleared ids the source no longer has, so the set cannot grow without bound.
        let incomingIDs = Set(newEvents.map(\.id))
        clearedIDs.formIntersection(incomingIDs)
        for event in newEvents where !clearedIDs.contains(event.id) && serialByID[event.id] == nil {
            events[nextSerial] = event
            serialByID[event.id] = nextSerial
            nextSerial += 1
        }
        visible = []
        visibleFilter = effectiveFilter
        scan = FilterScan(filter: effectiveFilter, cursor: lowestSerial, matched: [])
        selectedSerial = selectedID.flatMap { serialByID[$0] }
        if wasInDetail { screen = .detail(serial: detailID.flatMap { serialByID[$0] } ?? -1) }
        scrollTop = 0
    }
}
