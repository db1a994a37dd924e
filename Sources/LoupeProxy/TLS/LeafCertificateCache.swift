import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The leaves a proxy has minted, by host: a host's second handshake mints nothing.
///
/// Bounded to `capacity` hosts, forgetting the least recently used. Concurrent requests for one
/// host share one mint. Minting runs on `NIOThreadPool.singleton`, never on the event loop that
/// asked, so a handshake on one connection never stalls the others on its loop.
///
/// ```swift
/// let cache = LeafCertificateCache(authority: authority)
/// cache.leaf(for: serverName, eventLoop: context.eventLoop).whenSuccess { leaf in
///     // install a NIOSSLServerHandler with leaf.certificateChain and leaf.privateKey
/// }
/// ```
public final class LeafCertificateCache: Sendable {
    /// A leaf this close to expiry is minted again rather than served.
    static let renewalMargin: TimeInterval = 3_600

    private struct State {
        var leaves: LeastRecentlyUsed<String, LeafCertificate>
        /// The mint in flight for each host, which later requests for that host wait on.
        var minting: [String: EventLoopFuture<LeafCertificate>] = [:]
        var mintedCount = 0
    }

    /// The CA that signs the leaves.
    public let authority: CertificateAuthority
    /// The most hosts kept at once.
    public let capacity: Int
    private let state: NIOLockedValueBox<State>
    private let threadPool: NIOThreadPool

    /// A cache of at most `capacity` hosts' leaves, signed by `authority`.
    public init(authority: CertificateAuthority, capacity: Int = 1_000) {
        self.authority = authority
        self.capacity = max(1, capacity)
        state = NIOLockedValueBox(State(leaves: LeastRecentlyUsed(capacity: max(1, capacity))))
        threadPool = .singleton
    }

    /// How many leaves were minted so far (a cached host mints nothing).
    public var mintedCount: Int { state.withLockedValue { $0.mintedCount } }

    /// How many hosts' leaves are held now.
    public var count: Int { state.withLockedValue { $0.leaves.count } }

    /// The leaf for `host` (a DNS name or an IP literal, in any case, `[::1]` too), from the cache
    /// or minted off the event loop; the future completes on `eventLoop`.
    ///
    /// Fails with ``CertificateAuthorityError`` when `host` cannot go in a certificate or the CA
    /// has expired. A failed mint is not cached: the next request tries again.
    public func leaf(for host: String, eventLoop: any EventLoop) -> EventLoopFuture<LeafCertificate> {
        let key: CertificateHost
        do {
            key = try CertificateHost(host)
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        enum Next {
            case cached(LeafCertificate)
            case wait(EventLoopFuture<LeafCertificate>)
            case mint(EventLoopPromise<LeafCertificate>)
        }
        let now = Date()
        let next = state.withLockedValue { state -> Next in
            if let leaf = state.leaves.value(for: key.name), leaf.notAfter > now + Self.renewalMargin {
                return .cached(leaf)
            }
            if let pending = state.minting[key.name] { return .wait(pending) }
            let promise = eventLoop.makePromise(of: LeafCertificate.self)
            state.minting[key.name] = promise.futureResult
            return .mint(promise)
        }
        switch next {
        case .cached(let leaf):
            return eventLoop.makeSucceededFuture(leaf)
        case .wait(let pending):
            return pending.hop(to: eventLoop)
        case .mint(let promise):
            let authority = self.authority
            // The cache learns of the leaf on the pool thread, as soon as it exists: a request
            // made meanwhile, on any loop, finds it rather than minting again.
            let minted = threadPool.runIfActive(eventLoop: eventLoop) {
                let leaf: LeafCertificate
                do {
                    leaf = try authority.issueLeaf(for: key, now: Date())
                } catch {
                    self.finishMinting(key.name, promise.futureResult, leaf: nil)
                    throw error
                }
                self.finishMinting(key.name, promise.futureResult, leaf: leaf)
                return leaf
            }
            minted.whenComplete { result in
                // Also reached when the pool was shut down and the closure above never ran.
                if case .failure = result { self.finishMinting(key.name, promise.futureResult, leaf: nil) }
                promise.completeWith(result)
            }
            return promise.futureResult
        }
    }

    /// Ends the mint `pending` for `host`, storing its leaf; a later mint for the host is left alone.
    private func finishMinting(_ host: String, _ pending: EventLoopFuture<LeafCertificate>, leaf: LeafCertificate?) {
        state.withLockedValue { state in
            if state.minting[host] == pending { state.minting[host] = nil }
            if let leaf {
                state.leaves.set(leaf, for: host)
                state.mintedCount += 1
            }
        }
    }
}
