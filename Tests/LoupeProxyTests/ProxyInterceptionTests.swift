import AsyncHTTPClient
import Foundation
import LoupeCore
import LoupeProxy
import NIOCore
import NIOSSL
import Testing
import TestServerSupport

/// `--intercept`: CONNECT tunnels decrypted with Loupe's CA, by real clients (curl, openssl,
/// Python requests, AsyncHTTPClient), to an HTTPS origin on loopback whose certificate comes from
/// a separate test CA that the proxy trusts through `--upstream-ca`.
@Suite(.serialized) struct ProxyInterceptionTests {
    /// Two CAs in a temporary folder, the origin signed by one, Loupe minting with the other.
    struct Setup {
        let folder: URL
        let loupeCA: CertificateAuthority
        let originCA: CertificateAuthority
        let origin: TLSTestOrigin

        static func make() async throws -> Setup {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-intercept-\(UUID().uuidString)")
            let loupeCA = try CertificateAuthority.loadOrCreate(in: folder.appendingPathComponent("loupe"))
            let originCA = try CertificateAuthority.loadOrCreate(in: folder.appendingPathComponent("origin"))
            let leaf = try originCA.issueLeaf(for: "localhost")
            let origin = try await TLSTestOrigin.start(chain: leaf.certificateChain, key: leaf.privateKey)
            return Setup(folder: folder, loupeCA: loupeCA, originCA: originCA, origin: origin)
        }

        func proxy(trustingOrigin: Bool = true, ignoring ignored: [String] = []) async throws -> ProxyHarness {
            let certificates = LeafCertificateCache(authority: loupeCA)
            let originCAPath = originCA.certificateURL.path
            let ignoredHosts = try ignored.map { try HostPattern($0) }
            return try await ProxyHarness.start {
                $0.connectPorts = []
                $0.connectPorts.insert(origin.port)
                $0.interception = HTTPSInterception(certificates: certificates, ignoredHosts: ignoredHosts)
                if trustingOrigin { $0.upstreamCAFiles = [originCAPath] }
            }
        }

        func tearDown() async {
            await origin.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    @Test func curlThroughTheInterceptingProxyIsLoggedInClearAndRedacted() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy()
        let body = #"{"token":"\#(Self.jwt)","email":"ada.lovelace@example.com","card":"4111 1111 1111 1111"}"#
        let url = "https://localhost:\(setup.origin.port)/orders?limit=2"
        guard let result = try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.loupeCA.certificateURL.path,
                                              "-H", "content-type: application/json", "--data", body, url]) else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(#""path":"/orders?limit=2""#))

        let event = try #require(await harness.finishedEvents(count: 1).first { $0.request.url.hasPrefix("https://") })
        #expect(event.request.url == url)
        #expect(event.source == .proxyForward)
        #expect(event.response?.status == 200)
        #expect(event.tls?.intercepted == true)
        #expect(event.tls?.serverName == "localhost")
        #expect(event.tls?.clientVersion?.hasPrefix("TLSv1.") == true)
        #expect(event.tls?.upstreamVersion?.hasPrefix("TLSv1.") == true)
        #expect(event.tls?.clientCipherSuite?.hasPrefix("TLS_") == true, "\(String(describing: event.tls))")
        #expect(event.tls?.upstreamCipherSuite?.hasPrefix("TLS_") == true, "\(String(describing: event.tls))")
        #expect(event.tls?.upstreamCertificate?.issuer.contains(setup.originCA.commonName) == true)
        #expect(event.tls?.upstreamVerified == true)
        // The exchange opened the upstream connection: its connect and TLS times are part of ttfb.
        let connect = try #require(event.timings.connect), handshake = try #require(event.timings.tls)
        #expect(connect >= 0 && handshake > 0 && connect + handshake <= (event.timings.ttfb ?? 0))
        let logged = event.request.body?.text ?? ""
        #expect(!logged.contains(Self.jwt) && !logged.contains("ada.lovelace") && !logged.contains("4111 1111 1111 1111"), "\(logged)")
        #expect(setup.loupeCA.certificateURL.path.isEmpty == false)
        await harness.stop()
        await setup.tearDown()
    }

    @Test func aCachedHostsSecondHandshakeMintsNothing() async throws {
        let setup = try await Setup.make()
        let certificates = LeafCertificateCache(authority: setup.loupeCA)
        let originCAPath = setup.originCA.certificateURL.path
        let harness = try await ProxyHarness.start {
            $0.connectPorts = [setup.origin.port]
            $0.interception = HTTPSInterception(certificates: certificates)
            $0.upstreamCAFiles = [originCAPath]
        }
        for path in ["/one", "/two"] {
            guard let result = try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.loupeCA.certificateURL.path,
                                                  "https://localhost:\(setup.origin.port)\(path)"]) else { return }
            #expect(result.status == 0, "\(result.output)")
        }
        #expect(certificates.mintedCount == 1)
        #expect(setup.origin.paths == ["/one", "/two"])
        await harness.stop()
        await setup.tearDown()
    }

    @Test func anEventStreamOverHTTPSArrivesEventByEvent() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy()
        let url = "https://localhost:\(setup.origin.port)/stream"
        // While the stream is still open (events come 100 ms apart), the log already holds the
        // first: read off the logger's own change feed, so a busy machine (the whole suite runs in
        // parallel) cannot make a poll miss the moment.
        let changes = await harness.logger.changes()
        let watcher = Task {
            var streamID: UUID?
            for await change in changes {
                switch change {
                case .added(let event), .updated(let event):
                    guard event.request.url == url else { continue }
                    streamID = event.id
                    if event.state.isFinal { return false }
                    if !event.sseEvents.isEmpty { return true }
                case .sseAppended(let id, _, _) where id == streamID:
                    return true
                default:
                    continue
                }
            }
            return false
        }
        async let curl = runCurl(["-N", "-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.loupeCA.certificateURL.path, url])
        guard let result = try await curl else { watcher.cancel(); return }
        let seenLive = await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await watcher.value }
            group.addTask { try? await Task.sleep(for: .seconds(10).scaledForTests); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            watcher.cancel()
            return first ?? false
        }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(#"data: {"n":2}"#))
        #expect(seenLive)
        let event = try #require(await harness.finishedEvents(count: 1).first { $0.request.url == url })
        #expect(event.sseEvents.map(\.data) == [#"{"n":0}"#, #"{"n":1}"#, #"{"n":2}"#])
        await harness.stop()
        await setup.tearDown()
    }

    @Test func aClientThatDoesNotTrustLoupesCAIsLoggedWithTheFixAndTheProxyKeepsServing() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy()
        // curl trusts only the origin's CA here, not Loupe's.
        guard let rejected = try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.originCA.certificateURL.path,
                                                "https://localhost:\(setup.origin.port)/"]) else { return }
        #expect(rejected.status != 0)
        let failure = try #require(await harness.finishedEvents(count: 1).first { $0.error != nil })
        #expect(failure.error?.kind == .tls)
        #expect(failure.error?.message.contains("loupe ca") == true, "\(failure.error?.message ?? "")")
        #expect(failure.tls?.intercepted == true)

        let accepted = try #require(try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.loupeCA.certificateURL.path,
                                                        "https://localhost:\(setup.origin.port)/after"]))
        #expect(accepted.status == 0, "\(accepted.output)")
        await harness.stop()
        await setup.tearDown()
    }

    @Test func anUntrustedUpstreamCertificateIsA502ThatSaysWhichCheckFailed() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy(trustingOrigin: false)
        guard let result = try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.loupeCA.certificateURL.path,
                                              "-w", "%{http_code}", "-o", "/dev/null", "https://localhost:\(setup.origin.port)/"]) else { return }
        #expect(result.output == "502")
        let event = try #require(await harness.finishedEvents(count: 1).first { $0.request.url.hasPrefix("https://") })
        #expect(event.error?.kind == .tls)
        #expect(event.error?.message.contains("--upstream-ca") == true, "\(event.error?.message ?? "")")
        #expect(setup.origin.paths.isEmpty)
        await harness.stop()
        await setup.tearDown()
    }

    @Test func anIgnoredHostStaysABlindTunnel() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy(ignoring: ["^localhost:"])
        // Through a blind tunnel the client sees the origin's own certificate.
        guard let result = try await runCurl(["-x", "http://127.0.0.1:\(harness.port)", "--cacert", setup.originCA.certificateURL.path,
                                              "https://localhost:\(setup.origin.port)/blind"]) else { return }
        #expect(result.status == 0, "\(result.output)")
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.source == .tunnel)
        #expect(event.tls == nil)
        #expect((event.tunnel?.bytesDown ?? 0) > 0)
        await harness.stop()
        await setup.tearDown()
    }

    @Test func aClientThatNeverStartsTLSIsClosedAtTheHandshakeDeadlineAndLogged() async throws {
        let setup = try await Setup.make()
        let certificates = LeafCertificateCache(authority: setup.loupeCA)
        let harness = try await ProxyHarness.start {
            $0.connectPorts = [setup.origin.port]
            var interception = HTTPSInterception(certificates: certificates)
            interception.handshakeTimeout = .milliseconds(200)
            $0.interception = interception
        }
        let connection = try await RawConnection.connect(port: harness.port)
        try await connection.send("CONNECT localhost:\(setup.origin.port) HTTP/1.1\r\nHost: localhost:\(setup.origin.port)\r\n\r\n")
        // The 200, then silence from the client: the proxy closes at the deadline.
        let answer = try await connection.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        let event = try #require(await harness.finishedEvents(count: 1).first)
        #expect(event.error?.kind == .timeout)
        #expect(event.error?.message.contains("did not complete its TLS handshake") == true, "\(event.error?.message ?? "")")
        await connection.close()
        await harness.stop()
        await setup.tearDown()
    }

    @Test func opensslPythonRequestsAndAsyncHTTPClientTrustTheMintedLeaf() async throws {
        let setup = try await Setup.make()
        let harness = try await setup.proxy()
        let caPath = setup.loupeCA.certificateURL.path
        let url = "https://localhost:\(setup.origin.port)/clients"

        if let openssl = try await runTool("openssl", ["s_client", "-proxy", "127.0.0.1:\(harness.port)", "-connect", "localhost:\(setup.origin.port)",
                                                        "-servername", "localhost", "-CAfile", caPath, "-verify_return_error", "-brief"],
                                           standardInput: "GET /openssl HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n") {
            #expect(openssl.output.contains("Verification: OK"), "\(openssl.output)")
        }

        let script = """
            import os, requests
            r = requests.get(os.environ["URL"], proxies={"https": os.environ["PROXY"]}, timeout=10)
            print(r.status_code, r.json()["path"])
            """
        if let python = try await runTool("python3", ["-c", script], environment: [
            "URL": url, "PROXY": "http://127.0.0.1:\(harness.port)", "REQUESTS_CA_BUNDLE": caPath]) {
            #expect(python.output.contains("200 /clients"), "\(python.output)")
        }

        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.file(caPath)]
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.proxy = .server(host: "127.0.0.1", port: harness.port)
        let body = try await withHTTPClient(configuration) { client in
            let response = try await client.execute(HTTPClientRequest(url: url + "?client=ahc"), timeout: .seconds(10))
            return String(buffer: try await response.body.collect(upTo: 1 << 20))
        }
        #expect(body.contains(#""path":"/clients?client=ahc""#))
        await harness.stop()
        await setup.tearDown()
    }
}
