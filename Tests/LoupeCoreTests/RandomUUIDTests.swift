import Foundation
import LoupeCore
import Testing

/// Event ids: version-4 UUIDs from a pool of system randomness that is refilled as it runs out.
@Suite struct RandomUUIDTests {
    @Test func idsAreVersion4WithTheRFCVariantAndNeverRepeatAcrossRefills() async {
        // 2 000 per task from 4 tasks at once: several refills of the 256-id pool, under contention.
        let batches = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<2_000).map { _ in UUID.random() } } }
            var all: [[UUID]] = []
            for await batch in group { all.append(batch) }
            return all
        }
        let ids = batches.flatMap { $0 }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let bytes = id.uuid
            #expect(bytes.6 >> 4 == 4 && bytes.8 >> 6 == 0b10, "\(id)")
        }
        // Every bit position varies: the bytes are not a counter or zeros.
        let ored = ids.reduce(into: [UInt8](repeating: 0, count: 16)) { bits, id in
            withUnsafeBytes(of: id.uuid) { raw in for index in 0..<16 { bits[index] |= raw[index] } }
        }
        let anded = ids.reduce(into: [UInt8](repeating: 0xFF, count: 16)) { bits, id in
            withUnsafeBytes(of: id.uuid) { raw in for index in 0..<16 { bits[index] &= raw[index] } }
        }
        #expect(ored.enumerated().allSatisfy { $0.offset == 6 || $0.offset == 8 || $0.element == 0xFF })
        #expect(anded.enumerated().allSatisfy { $0.offset == 6 || $0.offset == 8 || $0.element == 0 })
    }
}
