/// A map of at most `capacity` entries that forgets the least recently used one to make room:
/// a dictionary into a doubly linked list kept in an array, so every operation is O(1).
struct LeastRecentlyUsed<Key: Hashable, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value
        var newer: Int?  // towards `newest`
        var older: Int?  // towards `oldest`
    }

    let capacity: Int
    private var nodes: [Node] = []
    private var indices: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one entry")
        self.capacity = capacity
    }

    var count: Int { indices.count }

    /// The value for `key`, which becomes the most recently used entry.
    mutating func value(for key: Key) -> Value? {
        guard let index = indices[key] else { return nil }
        moveToNewest(index)
        return nodes[index].value
    }

    /// Whether `key` is held, without changing the order.
    func contains(_ key: Key) -> Bool { indices[key] != nil }

    /// Stores `value` as the most recently used entry, replacing the least recently used one when full.
    mutating func set(_ value: Value, for key: Key) {
        if let index = indices[key] {
            nodes[index].value = value
            moveToNewest(index)
            return
        }
        let index: Int
        if nodes.count < capacity {
            index = nodes.count
            nodes.append(Node(key: key, value: value))
        } else {
            // Full: the oldest node's slot takes the new entry.
            index = oldest!
            unlink(index)
            indices[nodes[index].key] = nil
            nodes[index] = Node(key: key, value: value)
        }
        indices[key] = index
        linkAsNewest(index)
    }

    private mutating func moveToNewest(_ index: Int) {
        guard newest != index else { return }
        unlink(index)
        linkAsNewest(index)
    }

    private mutating func unlink(_ index: Int) {
        let (newer, older) = (nodes[index].newer, nodes[index].older)
        if let newer { nodes[newer].older = older } else { newest = older }
        if let older { nodes[older].newer = newer } else { oldest = newer }
        nodes[index].newer = nil
        nodes[index].older = nil
    }

    private mutating func linkAsNewest(_ index: Int) {
        nodes[index].older = newest
        nodes[index].newer = nil
        if let newest { nodes[newest].newer = index }
        newest = index
        if oldest == nil { oldest = index }
    }
}

extension LeastRecentlyUsed: Sendable where Key: Sendable, Value: Sendable {}
extension LeastRecentlyUsed.Node: Sendable where Key: Sendable, Value: Sendable {}
