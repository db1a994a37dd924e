import Foundation
import LoupeProxy
import NIOCore
import NIOPosix
import Testing

/// The leaf cache: one mint per host, shared by concurrent requests, bounded by capacity.
@Suite struct LeafCertificateCacheTests {
    let folder: TemporaryFolder
    let authority: CertificateAuthority
    let eventLoop = MultiThreadedEventLoopGroup.singleton.next()

    init() throws {
        folder = try TemporaryFolder()
        authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
    }

    @Test func aCachedHostMintsNothing() async throws {
        defer { folder.remove() }
        let cache = LeafCertificateCache(authority: authority)
        let first = try await cache.leaf(for: "example.test", eventLoop: eventLoop).get()
        #expect(cache.mintedCount == 1)
        let second = try await cache.leaf(for: "example.test", eventLoop: eventLoop).get()
        let sameHostOtherSpelling = try await cache.leaf(for: "EXAMPLE.test.", eventLoop: eventLoop).get()
        #expect(cache.mintedCount == 1)
        #expect(second.certificateChain[0] == first.certificateChain[0])
        #expect(sameHostOtherSpelling.certificateChain[0] == first.certificateChain[0])
        _ = try await cache.leaf(for: "other.test", eventLoop: eventLoop).get()
        #expect(cache.mintedCount == 2)
        #expect(cache.count == 2)
    }

    @Test func concurrentRequestsForOneHostShareOneMint() async throws {
        defer { folder.remove() }
        let cache = LeafCertificateCache(authority: authority)
        let loops = (0..<4).map { _ in MultiThreadedEventLoopGroup.singleton.next() }
        let futures = (0..<32).map { cache.leaf(for: "busy.test", eventLoop: loops[$0 % loops.count]) }
        var serials = Set<[UInt8]>()
        for (index, future) in futures.enumerated() {
            let leaf = try await future.get()
            serials.insert(leaf.certificateChain[0].serialNumber)
            #expect(future.eventLoop === loops[index % loops.count], "each future completes on the loop that asked")
        }
        #expect(cache.mintedCount == 1)
        #expect(serials.count == 1)
    }

    @Test func theLeastRecentlyUsedHostIsForgottenBeyondCapacity() async throws {
        defer { folder.remove() }
        let cache = LeafCertificateCache(authority: authority, capacity: 2)
        _ = try await cache.leaf(for: "a.test", eventLoop: eventLoop).get()
        _ = try await cache.leaf(for: "b.test", eventLoop: eventLoop).get()
        _ = try await cache.leaf(for: "a.test", eventLoop: eventLoop).get()  // a is now the most recently used
        _ = try await cache.leaf(for: "c.test", eventLoop: eventLoop).get()  // b goes
        #expect(cache.mintedCount == 3)
        #expect(cache.count == 2)
        _ = try await cache.leaf(for: "a.test", eventLoop: eventLoop).get()
        _ = try await cache.leaf(for: "c.test", eventLoop: eventLoop).get()
        #expect(cache.mintedCount == 3, "a and c were kept")
        _ = try await cache.leaf(for: "b.test", eventLoop: eventLoop).get()
        #expect(cache.mintedCount == 4, "b was forgotten")
        #expect(cache.count == 2)
    }

    @Test func aHostThatCannotGoInACertificateFailsAndIsNotCached() async throws {
        defer { folder.remove() }
        let cache = LeafCertificateCache(authority: authority)
        await #expect(throws: CertificateAuthorityError.self) {
            try await cache.leaf(for: "not a host", eventLoop: eventLoop).get()
        }
        #expect(cache.mintedCount == 0)
        #expect(cache.count == 0)
    }

    @Test func mintingDoesNotRunOnTheEventLoop() async throws {
        defer { folder.remove() }
        let cache = LeafCertificateCache(authority: authority)
        // While the loop is blocked, a mint requested from it still completes (on the thread pool);
        // only its callbacks wait for the loop.
        let blocked = eventLoop.submit {
            let minted = cache.leaf(for: "pool.test", eventLoop: eventLoop)
            let deadline = Date() + 5
            while cache.mintedCount == 0, Date() < deadline { usleep(1_000) }
            return (minted, cache.mintedCount)
        }
        let (minted, countSeenOnTheLoop) = try await blocked.get()
        #expect(countSeenOnTheLoop == 1)
        #expect(try await minted.get().host == "pool.test")
    }
}
