import Foundation
import PropertyBased
import Testing
@testable import LoupeCore

/// A deliberately naive model of the ring buffer's documented semantics: an array scanned linearly.
private struct ReferenceRing {
    struct Item: Equatable {
        var id: UUID
        var sequence: UInt64
        var cost: Int
    }

    let maxEvents: Int
    let maxBytes: Int
    var items: [Item] = []
    var evictedEvents = 0
    var evictedBytes = 0
    var evictedIDs: [UUID] = []

    var totalBytes: Int { items.reduce(0) { $0 + $1.cost } }

    mutating func append(_ item: Item) -> RingBuffer.Outcome {
        if items.contains(where: { $0.id == item.id }) { return .rejected }
        if item.cost > maxBytes {
            evictedEvents += 1
            evictedBytes += item.cost
            return .evictedOversized
        }
        while items.count >= maxEvents || totalBytes + item.cost > maxBytes {
            evict(at: 0)
        }
        items.append(item)
        return .stored
    }

    mutating func update(id: UUID, cost: Int) -> RingBuffer.Outcome {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return .rejected }
        if cost > maxBytes {
            items.remove(at: index)
            evictedEvents += 1
            evictedBytes += cost
            return .evictedOversized
        }
        items[index].cost = cost
        while totalBytes > maxBytes, let oldest = items.firstIndex(where: { $0.id != id }) {
            evict(at: oldest)
        }
        return .stored
    }

    mutating func remove(id: UUID) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        items.remove(at: index)
        return true
    }

    private mutating func evict(at index: Int) {
        let item = items.remove(at: index)
        evictedEvents += 1
        evictedBytes += item.cost
        evictedIDs.append(item.id)
    }
}

/// One generated operation: `kind` picks what to do, `target` which earlier event, `size` how big.
private struct Operation: CustomStringConvertible {
    var kind: Int
    var target: Int
    var size: Int

    var description: String { "(\(kind), \(target), \(size))" }
}

private func event(id: UUID, sequence: UInt64, cost: Int) -> NetworkEvent {
    var event = NetworkEvent(id: id, sequence: sequence, source: .proxyForward,
                             request: CapturedRequest(method: "", url: "", httpVersion: ""))
    event.request.url = String(repeating: "p", count: urlLength(adding: cost - event.storedSize))
    return event
}

@Suite struct RingBufferPropertyTests {
    private static let operations = zip(Gen.int(in: 0...11), Gen.int(in: 0...40), Gen.int(in: 0...400))
        .map { Operation(kind: $0.0, target: $0.1, size: $0.2) }
        .array(of: 1...80)

    @Test func matchesTheReferenceModelUnderRandomOperations() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...8), Gen.int(in: 0...6_000), Self.operations) {
            Self.check(maxEvents: $0, maxBytes: $1, operations: $2)
        }
    }

    /// Larger buffers with long operation lists: removals leave enough tombstones to compact.
    @Test func matchesTheReferenceModelWithManyEvents() async {
        let removalHeavy = zip(Gen.int(in: 0...11), Gen.int(in: 0...1_000), Gen.int(in: 0...400))
            .map { Operation(kind: [8, 10, 11].contains($0.0) ? 9 : $0.0, target: $0.1, size: $0.2) }
            .array(of: 200...600)
        await propertyCheck(count: 12, input: Gen.int(in: 50...300), Gen.int(in: 20_000...150_000), removalHeavy) {
            Self.check(maxEvents: $0, maxBytes: $1, operations: $2)
        }
    }

    private static func check(maxEvents: Int, maxBytes: Int, operations: [Operation]) {
        var buffer = RingBuffer(maxEvents: maxEvents, maxBytes: maxBytes)
        var model = ReferenceRing(maxEvents: maxEvents, maxBytes: maxBytes)
        var ids: [UUID] = []
        var nextSequence: UInt64 = 1
        var evictedIDs: [UUID] = []
        var ingested = 0
        var removed = 0

        for operation in operations {
            let cost = 1024 + operation.size  // above an empty event's cost, so every size is reachable
            let target = ids.isEmpty ? UUID() : ids[operation.target % ids.count]
            switch operation.kind {
            case 0...4:
                let id = UUID()
                ids.append(id)
                let outcome = buffer.append(event(id: id, sequence: nextSequence, cost: cost)) {
                    evictedIDs.append($0.id)
                }
                #expect(outcome == model.append(.init(id: id, sequence: nextSequence, cost: cost)))
                nextSequence += 1
                ingested += 1
            case 5...7:
                let outcome = buffer.update(event(id: target, sequence: 0, cost: cost)) {
                    evictedIDs.append($0.id)
                }
                #expect(outcome == model.update(id: target, cost: cost))
            case 8:
                // Incremental growth, as `appendSSE` does it.
                let sse = SSEEvent(data: String(repeating: "d", count: operation.size))
                let newCost = (model.items.first { $0.id == target }?.cost ?? 0) + sse.storedSize
                let outcome = buffer.update(id: target, evicted: { evictedIDs.append($0.id) }) {
                    $0.sseEvents.append(sse)
                    return sse.storedSize
                }
                #expect(outcome == model.update(id: target, cost: newCost))
            case 9:
                // Remove among the newest events, most of which are still stored, so that removals
                // leave tombstones between live events.
                let target = ids.isEmpty ? UUID() : ids[ids.count - 1 - operation.target % min(ids.count, maxEvents)]
                let wasStored = buffer.remove(id: target) != nil
                #expect(wasStored == model.remove(id: target))
                if wasStored { removed += 1 }
            case 10:
                buffer.removeAll()
                removed += model.items.count
                model.items.removeAll()
            default:
                let found = buffer.event(id: target)
                #expect(found?.id == model.items.first { $0.id == target }?.id)
                #expect(found.map(\.storedSize) == model.items.first { $0.id == target }?.cost)
            }

            // Invariants after every operation.
            let stored = Array(buffer)
            #expect(buffer.count == stored.count)
            #expect(buffer.count <= maxEvents)
            #expect(buffer.totalBytes <= maxBytes)
            #expect(buffer.totalBytes == stored.reduce(0) { $0 + $1.storedSize })
            #expect(zip(stored, stored.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            #expect(ingested == buffer.count + buffer.evictedEvents + removed)
            #expect(stored.map(\.id) == model.items.map(\.id))
            #expect(buffer.reversed().map(\.id) == model.items.reversed().map(\.id))
            #expect(stored.allSatisfy { buffer.event(id: $0.id)?.id == $0.id })
            #expect(evictedIDs == model.evictedIDs)
            #expect(buffer.evictedEvents == model.evictedEvents)
            #expect(buffer.evictedBytes == model.evictedBytes)
        }
    }
}
