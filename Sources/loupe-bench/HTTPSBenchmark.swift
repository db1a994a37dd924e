import Foundation
import LoupeCore
import LoupeProxy
import LoupeRedaction
import NIOCore
import NIOPosix
import NIOSSL

/// HTTPS through Loupe's intercepting forward proxy (capture + redaction on) side by side with
/// mitmdump and with the origin reached directly, all driven by one lean NIO load generator
/// generator: requests/s over kept-alive connections, new TLS connections/s, p50 latency at a
/// light load, the time to mint a leaf, and whether a cached host's handshake mints anything.
///
/// The origin (a child process, `--serve-origin --tls`) has a leaf for `localhost` from a
/// throwaway CA that both proxies trust upstream; Loupe mints with a second throwaway CA, mitmdump
/// with its own, and the client trusts whichever CA signs what it is shown.
struct HTTPSBenchmark: Benchmark {
    let name = "https"
    let summary = "HTTPS: Loupe intercepting (capture + redaction on) vs mitmdump 11 vs direct, load from a lean NIO client"

    static let targetRatioToMitmdump = 20.0
    static let targetAddedMilliseconds = 2.0
    static let loadSeconds = 5.0
    static let keptAliveConnections = 32
    static let newConnectionConcurrency = 8
    static let lightConnections = 4
    static let mintSamples = 50

    /// A way to the origin: straight, or through one of the proxies.
    private struct Route {
        var name: String
        var load: HTTPSLoad
        /// The process whose CPU time the route costs besides the client's: nil for this one.
        var pid: Int32? = nil
    }

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-bench-https-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let originCA = try CertificateAuthority.loadOrCreate(in: folder.appendingPathComponent("origin-ca"))
        let loupeCA = try CertificateAuthority.loadOrCreate(in: folder.appendingPathComponent("loupe-ca"))
        let (chainPath, keyPath) = try Self.writeOriginLeaf(originCA.issueLeaf(for: "localhost"), in: folder)
        let origin = try OriginProcess.launch(arguments: ["--tls", chainPath, keyPath])
        defer { origin.stop() }
        let mintMilliseconds = try Self.medianMint(loupeCA)

        let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let logger = NetworkLogger(configuration: .redacting())
        let certificates = LeafCertificateCache(authority: loupeCA)
        var configuration = ProxyServer.Configuration()
        configuration.port = 0
        configuration.connectPorts = [origin.port]
        configuration.interception = HTTPSInterception(certificates: certificates)
        configuration.upstreamCAFiles = [originCA.certificateURL.path]
        let proxy = ProxyServer(configuration: configuration, networkLogger: logger, eventLoopGroup: group)
        let proxyPort = try await proxy.start().port!

        // mitmdump is optional: without it the rows say why and the rest still runs.
        var mitmdump: MitmdumpProcess?
        var mitmdumpMissing = ""
        do {
            let path = try MitmdumpProcess.install()
            mitmdump = try await MitmdumpProcess.launch(path, confdir: folder.appendingPathComponent("mitmproxy"),
                                                        upstreamCA: originCA.certificateURL.path)
        } catch {
            mitmdumpMissing = "mitmdump not available: \(error)"
        }
        defer { mitmdump?.stop() }

        let clientGroup = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        var routes = [
            Route(name: "direct", load: HTTPSLoad(port: origin.port, trustRoot: originCA.certificateURL.path, eventLoopGroup: clientGroup)),
            Route(name: "Loupe", load: HTTPSLoad(port: origin.port, proxyPort: proxyPort, trustRoot: loupeCA.certificateURL.path,
                                                  eventLoopGroup: clientGroup)),
        ]
        if let mitmdump {
            routes.append(Route(name: "mitmdump", load: HTTPSLoad(port: origin.port, proxyPort: mitmdump.port,
                                                                  trustRoot: mitmdump.caCertificatePath, eventLoopGroup: clientGroup),
                                pid: mitmdump.processIdentifier))
        }

        // Warm-up: connections, Loupe's leaf for localhost, mitmdump's for its own.
        for route in routes {
            _ = await route.load.run(concurrency: Self.lightConnections, seconds: 1, connections: .keptAlive)
        }
        var keptAlive: [String: HTTPSLoad.Result] = [:]
        var fresh: [String: HTTPSLoad.Result] = [:]
        var light: [String: HTTPSLoad.Result] = [:]
        // CPU microseconds per request of the process serving the route: loupe-bench itself for
        // direct (the client alone) and Loupe (client + proxy), mitmdump's own process for it.
        var cpuPerRequest: [String: Double] = [:]
        for route in routes {
            let before = ProcessCPU.seconds(of: route.pid)
            let result = await route.load.run(concurrency: Self.keptAliveConnections, seconds: Self.loadSeconds, connections: .keptAlive)
            keptAlive[route.name] = result
            if let before, let after = ProcessCPU.seconds(of: route.pid), result.requests > 0 {
                cpuPerRequest[route.name] = (after - before) / Double(result.requests) * 1_000_000
            }
        }
        var mintedDuringNewConnections = 0
        for route in routes {
            let mintedBefore = certificates.mintedCount
            fresh[route.name] = await route.load.run(concurrency: Self.newConnectionConcurrency, seconds: Self.loadSeconds,
                                                     connections: .newPerRequest)
            if route.name == "Loupe" { mintedDuringNewConnections = certificates.mintedCount - mintedBefore }
        }
        // Latency at a light load, where it is not just queueing behind other connections.
        for route in routes {
            light[route.name] = await route.load.run(concurrency: Self.lightConnections, seconds: Self.loadSeconds,
                                                     connections: .keptAlive)
        }

        await proxy.flushLog()
        let stats = await logger.stats
        let dropped = proxy.droppedExchanges
        await proxy.shutdown(gracePeriod: .milliseconds(200))
        try await clientGroup.shutdownGracefully()
        try await group.shutdownGracefully()

        return rows(keptAlive: keptAlive, cpuPerRequest: cpuPerRequest, fresh: fresh, light: light, mitmdumpMissing: mitmdumpMissing,
                    mintMilliseconds: mintMilliseconds, minted: certificates.mintedCount,
                    mintedDuringNewConnections: mintedDuringNewConnections, newHandshakes: fresh["Loupe"]?.requests ?? 0)
            + [
                Measurement(metric: "exchanges logged / not logged (logger behind)",
                            value: "\(Format.grouped(stats.ingested)) / \(Format.grouped(dropped))"),
                Measurement(metric: "load", value: "\(ProxyBenchmark.loadAverage()) (1-min load average, \(System.coreCount) cores)"),
            ]
    }

    private func rows(keptAlive: [String: HTTPSLoad.Result], cpuPerRequest: [String: Double], fresh: [String: HTTPSLoad.Result], light: [String: HTTPSLoad.Result],
                      mitmdumpMissing: String, mintMilliseconds: Double, minted: Int, mintedDuringNewConnections: Int,
                      newHandshakes: Int) -> [Measurement] {
        func ms(_ value: Double) -> String { String(format: "%.3f ms", value) }
        func errors(_ result: HTTPSLoad.Result) -> String {
            result.errors == 0 ? "" : " (\(Format.grouped(result.errors)) failed: \(result.firstError ?? "?"))"
        }
        var rows: [Measurement] = []
        func side(_ label: String, _ results: [String: HTTPSLoad.Result], _ value: (HTTPSLoad.Result) -> String) {
            for name in ["direct", "Loupe", "mitmdump"] {
                let text = results[name].map { value($0) + errors($0) } ?? mitmdumpMissing
                rows.append(Measurement(metric: "\(label): \(name)", value: text))
            }
        }
        side("requests/s kept-alive (\(Self.keptAliveConnections) conns)", keptAlive) { Format.grouped(Int($0.requestsPerSecond)) }
        if let loupe = keptAlive["Loupe"], let mitm = keptAlive["mitmdump"], mitm.requestsPerSecond > 0 {
            let ratio = loupe.requestsPerSecond / mitm.requestsPerSecond
            rows.append(.judged("requests/s kept-alive: Loupe ÷ mitmdump", String(format: "%.1f×", ratio),
                                target: String(format: ">= %.0f×", Self.targetRatioToMitmdump), meets: ratio >= Self.targetRatioToMitmdump))
        } else {
            rows.append(Measurement(metric: "requests/s kept-alive: Loupe ÷ mitmdump", value: mitmdumpMissing.isEmpty ? "no mitmdump figure" : mitmdumpMissing,
                                    target: String(format: ">= %.0f×", Self.targetRatioToMitmdump)))
        }
        // On a shared 2-core machine requests/s depend on what else runs; CPU per request less so.
        // Loupe shares its process with the client, whose share the direct run measures.
        if let client = cpuPerRequest["direct"], let loupe = cpuPerRequest["Loupe"] {
            rows.append(Measurement(metric: "proxy CPU per request, kept-alive: Loupe",
                                    value: String(format: "%.0f µs", loupe - client) + String(format: " (%.0f less the client's %.0f)", loupe, client)))
            if let mitm = cpuPerRequest["mitmdump"] {
                rows.append(Measurement(metric: "proxy CPU per request, kept-alive: mitmdump", value: String(format: "%.0f µs", mitm)))
                rows.append(Measurement(metric: "requests per CPU-second: Loupe ÷ mitmdump", value: String(format: "%.1f×", mitm / (loupe - client))))
            } else {
                rows.append(Measurement(metric: "proxy CPU per request, kept-alive: mitmdump", value: mitmdumpMissing))
            }
        }
        side("new TLS connections/s (\(Self.newConnectionConcurrency) at once)", fresh) { Format.grouped(Int($0.requestsPerSecond)) }
        side("p50 / p99 kept-alive (\(Self.lightConnections) conns)", light) { "\(ms($0.p50)) / \(ms($0.p99))" }
        if let direct = light["direct"] {
            if let loupe = light["Loupe"] {
                let added = loupe.p50 - direct.p50
                rows.append(.judged("added p50 (\(Self.lightConnections) conns): Loupe", ms(added),
                                    target: "<= \(ms(Self.targetAddedMilliseconds))", meets: added <= Self.targetAddedMilliseconds))
            }
            rows.append(Measurement(metric: "added p50 (\(Self.lightConnections) conns): mitmdump",
                                    value: light["mitmdump"].map { ms($0.p50 - direct.p50) } ?? mitmdumpMissing))
        }
        rows.append(Measurement(metric: "leaf mint, median of \(Self.mintSamples) issueLeaf", value: ms(mintMilliseconds)))
        rows.append(.judged("leaves minted in \(Format.grouped(newHandshakes)) handshakes to a cached host",
                            "\(mintedDuringNewConnections) (\(minted) in all)", target: "0",
                            meets: mintedDuringNewConnections == 0 && newHandshakes > 0))
        return rows
    }

    /// Writes the origin's leaf as a PEM chain and a DER key (what `--serve-origin --tls` reads).
    private static func writeOriginLeaf(_ leaf: LeafCertificate, in folder: URL) throws -> (chain: String, key: String) {
        let chain = folder.appendingPathComponent("origin-chain.pem")
        let key = folder.appendingPathComponent("origin-key.der")
        let pem = try leaf.certificateChain.map { certificate in
            let base64 = Data(try certificate.toDERBytes()).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
        }.joined()
        try Data(pem.utf8).write(to: chain)
        try Data(leaf.privateKey.derBytes).write(to: key)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key.path)
        return (chain.path, key.path)
    }

    /// The median time of one `issueLeaf` (one signature; a new host each time), in milliseconds.
    private static func medianMint(_ authority: CertificateAuthority) throws -> Double {
        var samples: [Double] = []
        for index in 0..<mintSamples {
            let started = ContinuousClock.now
            _ = try authority.issueLeaf(for: "host-\(index).bench.test")
            samples.append((ContinuousClock.now - started).seconds * 1000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
