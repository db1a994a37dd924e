import Foundation
import LoupeProxy
import NIOCore
import NIOPosix
import NIOSSL
import X509
import Testing

/// Real TLS handshakes with minted leaves: a client that trusts only Loupe's CA connects, a client
/// that does not is refused.
@Suite struct MintedLeafHandshakeTests {
    @Test func aNIOSSLClientTrustingOnlyTheCACompletesAHandshakeAndOneTrustingAnotherCAFails() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let cache = LeafCertificateCache(authority: authority)
        let server = try await MintedLeafServer.start(cache: cache, host: "example.test")

        let trusting = try NIOSSLCertificate(bytes: authority.certificateDER, format: .der)
        let reply = try await MintedLeafServer.request(port: server.port, serverName: "example.test", trusting: trusting)
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"), "\(reply)")
        #expect(reply.hasSuffix("minted"))

        let other = try CertificateAuthority.loadOrCreate(in: folder.appending("other"))
        let stranger = try NIOSSLCertificate(bytes: other.certificateDER, format: .der)
        await #expect(throws: (any Error).self) {
            try await MintedLeafServer.request(port: server.port, serverName: "example.test", trusting: stranger)
        }
        // The right CA but another name: the leaf is for example.test only.
        await #expect(throws: (any Error).self) {
            try await MintedLeafServer.request(port: server.port, serverName: "other.test", trusting: trusting)
        }
        #expect(cache.mintedCount == 1, "every handshake after the first used the cached leaf")
        try await server.stop()
    }

    @Test(.enabled(if: toolIsInstalled("curl")), arguments: ["example.test", "127.0.0.1"])
    func curlWithCacertAcceptsAMintedLeafAndCurlWithoutItRefuses(_ host: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let server = try await MintedLeafServer.start(cache: LeafCertificateCache(authority: authority), host: host)
        let url = "https://\(host):\(server.port)/"
        let resolve = ["--resolve", "example.test:\(server.port):127.0.0.1"]

        let trusted = try #require(try await runTool("curl", ["--silent", "--show-error", "--max-time", "10",
                                                              "--cacert", authority.certificateURL.path] + resolve + [url]))
        #expect(trusted.status == 0, "\(trusted.output)")
        #expect(trusted.output == "minted")

        // Another CA's certificate as the only root: the minted leaf must fail verification.
        let other = try CertificateAuthority.loadOrCreate(in: folder.appending("other"))
        let refused = try #require(try await runTool("curl", ["--silent", "--show-error", "--max-time", "10",
                                                              "--cacert", other.certificateURL.path] + resolve + [url]))
        #expect(refused.status == 60, "curl's 'peer certificate cannot be authenticated': \(refused.output)")
        try await server.stop()
    }

    @Test(.enabled(if: toolIsInstalled("openssl")))
    func opensslSClientVerifiesAMintedLeafForTheSNIName() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let server = try await MintedLeafServer.start(cache: LeafCertificateCache(authority: authority), host: "example.test")
        let arguments = ["s_client", "-connect", "127.0.0.1:\(server.port)", "-servername", "example.test",
                         "-verify_hostname", "example.test", "-verify_return_error", "-brief"]

        let trusted = try #require(try await runTool("openssl", arguments + ["-CAfile", authority.certificateURL.path],
                                                     standardInput: "GET / HTTP/1.1\r\nHost: example.test\r\n\r\n"))
        #expect(trusted.status == 0, "\(trusted.output)")
        #expect(trusted.output.contains("Verification: OK"), "\(trusted.output)")

        let other = try CertificateAuthority.loadOrCreate(in: folder.appending("other"))
        let refused = try #require(try await runTool("openssl", arguments + ["-CAfile", other.certificateURL.path]))
        #expect(refused.status != 0, "\(refused.output)")
        try await server.stop()
    }
}

/// A TLS server on 127.0.0.1 that presents a leaf from a ``LeafCertificateCache`` for `host` and
/// answers any request with `200 OK` and the body `minted`.
private struct MintedLeafServer {
    let channel: any Channel
    var port: Int { channel.localAddress?.port ?? 0 }

    static func start(cache: LeafCertificateCache, host: String) async throws -> MintedLeafServer {
        let group = MultiThreadedEventLoopGroup.singleton
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                // As the proxy will: the leaf comes from the cache, minted off the loop.
                cache.leaf(for: host, eventLoop: channel.eventLoop).flatMapThrowing { leaf in
                    let configuration = TLSConfiguration.makeServerConfiguration(
                        certificateChain: leaf.certificateChain.map { .certificate($0) }, privateKey: .privateKey(leaf.privateKey))
                    let context = try NIOSSLContext(configuration: configuration)
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.addHandler(OKResponder())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return MintedLeafServer(channel: channel)
    }

    func stop() async throws {
        try await channel.close()
    }

    /// Sends one request over TLS, trusting only `root`, and returns the whole response.
    static func request(port: Int, serverName: String, trusting root: NIOSSLCertificate) async throws -> String {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([root])
        let context = try NIOSSLContext(configuration: configuration)
        let response = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: String.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                        try channel.pipeline.syncOperations.addHandler(ResponseCollector(response))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
        } catch {
            response.fail(error)  // a promise must not be dropped unfulfilled
            throw error
        }
        channel.writeAndFlush(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: \(serverName)\r\n\r\n"), promise: nil)
        return try await response.futureResult.get()
    }
}

/// Answers the first bytes it reads with a small response, then closes the connection.
private final class OKResponder: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let response = "HTTP/1.1 200 OK\r\ncontent-length: 6\r\nconnection: close\r\n\r\nminted"
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Collects what the server sends until it closes; fails on a TLS error (an untrusted certificate).
private final class ResponseCollector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private var received = ""
    private var promise: EventLoopPromise<String>?

    init(_ promise: EventLoopPromise<String>) {
        self.promise = promise
    }

    /// A connection that ends before it is read still completes the promise.
    func handlerRemoved(context: ChannelHandlerContext) {
        promise?.fail(ChannelError.ioOnClosedChannel)
        promise = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        received += buffer.readString(length: buffer.readableBytes) ?? ""
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise?.succeed(received)
        promise = nil
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise?.fail(error)
        promise = nil
        context.close(promise: nil)
    }
}

/// A CA made with `--key rsa`, for clients that need RSA: its leaves are RSA too and complete a
/// real handshake with a client that trusts only that CA.
@Suite struct RSACertificateAuthorityTests {
    @Test func anRSACAIssuesRSALeavesThatAClientTrustingItAccepts() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.regenerate(in: folder.appending("ca"), keyType: .rsa2048)
        #expect(authority.keyType == .rsa2048)
        #expect(authority.certificate.signatureAlgorithm == .sha256WithRSAEncryption)
        let reloaded = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        #expect(reloaded.keyType == .rsa2048 && reloaded.certificatePEM == authority.certificatePEM)

        let leaf = try reloaded.issueLeaf(for: "example.test")
        let leafCertificate = try X509.Certificate(derEncoded: leaf.certificateChain[0].toDERBytes())
        #expect(leafCertificate.signatureAlgorithm == .sha256WithRSAEncryption)
        #expect("\(leafCertificate.publicKey)".contains("RSA"), "\(leafCertificate.publicKey)")

        let server = try await MintedLeafServer.start(cache: LeafCertificateCache(authority: reloaded), host: "example.test")
        let trusting = try NIOSSLCertificate(bytes: reloaded.certificateDER, format: .der)
        let reply = try await MintedLeafServer.request(port: server.port, serverName: "example.test", trusting: trusting)
        #expect(reply.hasPrefix("HTTP/1.1 200 OK"), "\(reply)")
        try await server.stop()
    }
}
