#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import Logging
import LoupeConsole
import LoupeCore
import LoupeExport
import LoupeProxy
import LoupeRedaction
import LoupeServer
import Logging
import NIOCore

/// `loupe proxy`: runs the forward / CONNECT / reverse proxy, logging every exchange redacted.
struct ProxyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Run an HTTP proxy that logs every exchange, redacted, and prints an access log.",
        discussion: """
            Without --upstream Loupe is a forward proxy: point a client at it (curl -x, \
            HTTP_PROXY) and it forwards absolute-form requests and opens CONNECT tunnels (logged \
            with host, port and bytes; HTTPS is decrypted only with --intercept). With --upstream it is a reverse \
            proxy: every request goes to that server, Host rewritten. Bodies stream through; the \
            log keeps a copy of at most --max-body bytes, decoded from gzip/deflate. Event \
            streams are forwarded chunk by chunk and logged event by event; WebSocket upgrades \
            pass through, and each message is logged as it completes. Clients may speak HTTP/2 \
            (h2 in ALPN under --intercept, prior knowledge on the plain listener), each stream \
            one exchange; upstreams get HTTP/2 when they pick it in ALPN, and over plain TCP for \
            gRPC (see --upstream-http); gRPC messages are logged one by one. Everything is \
            redacted with the built-in rules (and --rules) before it is stored or printed.

            One line per exchange goes to standard error unless --quiet:
              12:00:01.234 POST 200 api.example.com/conversations 123ms 2.1kB
            When exchanges go unlogged because redaction falls behind the traffic, a summary \
            line says so within seconds; another sums up every exchange when the proxy stops:
              loupe proxy: 1200 exchanges forwarded: 1150 logged, 50 not logged because …
            The same counts are live in the log API's /v1/stats and the console's status line.

            EXAMPLES:
              A forward proxy on 127.0.0.1:8080, then HTTP and a CONNECT tunnel through it:
                loupe proxy
                curl -x http://127.0.0.1:8080 http://example.com/
                curl -p -x http://127.0.0.1:8080 https://example.com/
              Reverse proxy in front of one API:
                loupe proxy --upstream https://api.example.com --listen 127.0.0.1:9000
              WebSocket messages of a chat backend, then only the server's (log API):
                loupe proxy --upstream http://127.0.0.1:8000 --max-ws-messages 50000
                curl 'http://127.0.0.1:9901/v1/events?filter=kind:ws%20ws.dir:down'
              Watch the exchanges in the console, not the access log (q stops the proxy):
                loupe proxy --upstream http://127.0.0.1:8000 --console
              Keep only failures, at most 64 KiB of each body, with extra rules:
                loupe proxy --capture-filter 'status:>=400' --max-body 64kb --rules ./mine
              Save the log when the proxy stops (Ctrl-C); watch it from another terminal:
                loupe proxy --export-on-exit session.zip
                loupe console --attach http://127.0.0.1:9901
              Inspect HTTPS: decrypt CONNECT tunnels with Loupe's own CA (see `loupe ca` to trust it),
              all hosts, or only some, leaving a host that pins its certificate alone:
                loupe proxy --intercept
                curl -x http://127.0.0.1:8080 --cacert "$(loupe ca path)" https://api.example.com/
                loupe proxy --intercept 'api\\.example\\.com,:8443$' --ignore-hosts 'pinned\\.example\\.com'
              A gRPC server behind the proxy, then HTTP/2 with prior knowledge through it:
                loupe proxy --upstream http://127.0.0.1:50051 --listen 127.0.0.1:9000
                curl --http2-prior-knowledge http://127.0.0.1:9000/
              An HTTPS upstream with a private CA, or a self-signed one (never in production):
                loupe proxy --upstream https://127.0.0.1:8443 --upstream-ca dev-ca.pem
                loupe proxy --upstream https://127.0.0.1:8443 --upstream-insecure
            """
    )

    @Option(help: ArgumentHelp("The address to listen on, host:port.", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    @Option(help: ArgumentHelp("Reverse mode: send every request to this http(s)://host[:port][/base].", valueName: "url"))
    var upstream: String?

    @Option(help: ArgumentHelp("Where the log API listens, host:port.", valueName: "host:port"))
    var api = "127.0.0.1:9901"

    @Flag(name: .customLong("no-api"), help: "Do not serve the log API.")
    var noAPI = false

    @OptionGroup var apiAccess: APIAccessOptions

    @Option(name: .customLong("export-on-exit"),
            help: ArgumentHelp("When the proxy stops, write the log to this file (.zip, .har or .ndjson).", valueName: "file"))
    var exportOnExit: String?

    @Option(name: .customLong("max-body"), help: ArgumentHelp("The most bytes of each body kept in the log (e.g. 64kb, 1mb).", valueName: "size"))
    var maxBody = "1mb"

    @Option(name: .customLong("max-ws-messages"),
            help: ArgumentHelp("The most messages kept per WebSocket connection or gRPC call; later ones are only counted.", valueName: "n"))
    var maxWebSocketMessages = 10_000

    @Option(name: .customLong("buffer-events"), help: ArgumentHelp("The most exchanges kept in the log.", valueName: "n"))
    var bufferEvents = 10_000

    @Option(name: .customLong("buffer-bytes"), help: ArgumentHelp("The most bytes the log keeps (e.g. 64mb).", valueName: "size"))
    var bufferBytes = "64mb"

    @Option(name: .customLong("capture-filter"), help: ArgumentHelp("Keep only finished exchanges matching this filter expression.", valueName: "expr"))
    var captureFilter: String?

    @OptionGroup var rules: RuleOptions

    @Option(name: .customLong("connect-ports"), help: ArgumentHelp("Comma-separated ports CONNECT may open tunnels to; others get 403.", valueName: "ports"))
    var connectPorts = "443,8443"

    @Option(name: .customLong("upstream-timeout"), help: ArgumentHelp("How long to wait for the upstream to connect and answer before 504 (e.g. 30s, 500ms).", valueName: "duration"))
    var upstreamTimeout = "30s"

    @Option(name: .customLong("header-timeout"), help: ArgumentHelp("How long a client may take to send a request's headers, and a kept-alive connection may stay idle, before it is closed (e.g. 30s).", valueName: "duration"))
    var headerTimeout = "30s"

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("Client connections beyond this many are refused.", valueName: "n"))
    var maxConnections = 1024

    @Flag(help: ArgumentHelp("Decrypt HTTPS in CONNECT tunnels: terminate the client's TLS with a leaf from Loupe's CA (trust it first: `loupe ca`) and log the exchanges in clear, redacted. All hosts, or those matching the host patterns given after it."))
    var intercept = false

    @Argument(help: ArgumentHelp("With --intercept: comma-separated host patterns, regular expressions searched in host:port (api\\.example\\.com, :8443$); every host when none.", valueName: "host-pattern"))
    var interceptPatterns: [String] = []

    @Option(name: .customLong("ignore-hosts"), help: ArgumentHelp("Comma-separated host patterns never intercepted (their tunnels stay blind), as mitmproxy's --ignore-hosts: for hosts that pin their certificate.", valueName: "patterns"))
    var ignoreHosts: String?

    @Option(name: .customLong("ca-dir"), help: ArgumentHelp("Where Loupe's CA lives (default: $LOUPE_HOME/ca, else $XDG_CONFIG_HOME/loupe/ca, else ~/.config/loupe/ca).", valueName: "dir"))
    var caDirectory: String?

    @Option(name: .customLong("upstream-ca"), help: ArgumentHelp("A PEM file of CA certificates trusted for HTTPS upstreams besides the system store (repeatable).", valueName: "file"))
    var upstreamCA: [String] = []

    @Flag(name: .customLong("upstream-insecure"), help: "Do not verify HTTPS upstreams' certificates (for a self-signed development server); every event says so.")
    var upstreamInsecure = false

    @Option(name: .customLong("upstream-http"), help: ArgumentHelp("The HTTP version spoken to upstreams: auto (HTTPS: what the server picks in ALPN, h2 or http/1.1; plain HTTP: HTTP/2 with prior knowledge for gRPC, else 1.1), 1.1, or 2 (prior knowledge over plain HTTP).", valueName: "auto|1.1|2"))
    var upstreamHTTP: UpstreamHTTPVersion = .automatic

    @Flag(name: .customLong("allow-remote"), help: "Allow listening on a non-loopback address.")
    var allowRemote = false

    @Flag(help: "Do not print the access log.")
    var quiet = false

    @Flag(help: "Show the live log in the console while serving (needs a terminal); q stops the proxy.")
    var console = false

    func validate() throws {
        if console, !Terminal.canShowConsole {
            throw ValidationError("--console needs a terminal on standard input and output; leave it out to get the access log, or watch with `loupe console --attach URL` from a terminal.")
        }
        guard Self.hostAndPort(listen) != nil else { throw ValidationError("--listen expects host:port, like 127.0.0.1:8080.") }
        if !noAPI, Self.hostAndPort(api) == nil { throw ValidationError("--api expects host:port, like 127.0.0.1:9901.") }
        guard Self.bytes(maxBody) != nil else { throw ValidationError("--max-body expects a size like 64kb or 1mb.") }
        guard Self.bytes(bufferBytes) != nil else { throw ValidationError("--buffer-bytes expects a size like 64mb.") }
        guard maxWebSocketMessages >= 0 else { throw ValidationError("--max-ws-messages must be 0 or more.") }
        guard bufferEvents > 0 else { throw ValidationError("--buffer-events must be at least 1.") }
        if let exportOnExit, ExportFormat(path: exportOnExit) == nil {
            throw ValidationError("--export-on-exit needs a file ending in .zip, .har or .ndjson, not '\(exportOnExit)'.")
        }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be at least 1.") }
        guard Self.ports(connectPorts) != nil else { throw ValidationError("--connect-ports expects comma-separated ports like 443,8443.") }
        guard Self.duration(upstreamTimeout) != nil else { throw ValidationError("--upstream-timeout expects a duration like 30s or 500ms.") }
        guard Self.duration(headerTimeout) != nil else { throw ValidationError("--header-timeout expects a duration like 30s or 500ms.") }
        if !interceptPatterns.isEmpty, !intercept {
            throw ValidationError("unexpected argument '\(interceptPatterns[0])': host patterns follow --intercept (loupe proxy --intercept 'api\\.example\\.com').")
        }
        if (ignoreHosts != nil || caDirectory != nil), !intercept {
            throw ValidationError("--ignore-hosts and --ca-dir apply to HTTPS interception; add --intercept.")
        }
    }

    /// The interception settings of `--intercept`, with Loupe's CA loaded (created on first use).
    private func interception() throws -> HTTPSInterception? {
        guard intercept else { return nil }
        do {
            let hosts = try interceptPatterns.flatMap { try HostPattern.list($0) }
            let ignored = try ignoreHosts.map { try HostPattern.list($0) } ?? []
            let directory = caDirectory.map { URL(fileURLWithPath: $0) } ?? CertificateAuthority.defaultDirectory()
            let authority = try CertificateAuthority.loadOrCreate(in: directory)
            Terminal.printError("loupe proxy: intercepting HTTPS for \(hosts.isEmpty ? "every host" : hosts.map(\.description).joined(separator: ", "))\(ignored.isEmpty ? "" : " except \(ignored.map(\.description).joined(separator: ", "))") with \(authority.commonName) (\(authority.certificateURL.path); clients must trust it: loupe ca)")
            return HTTPSInterception(certificates: LeafCertificateCache(authority: authority), hosts: hosts, ignoredHosts: ignored)
        } catch let error as ProxyConfigurationError {
            throw Terminal.fail(error.description)
        } catch {
            throw Terminal.fail("--intercept: \(error)")
        }
    }

    func run() async throws {
        Self.raiseOpenFileLimit()
        Self.limitMallocArenas()
        var filter = EventFilter.all
        if let captureFilter {
            do { filter = try EventFilter(parsing: captureFilter) } catch { throw Terminal.fail("--capture-filter: \(error)") }
        }
        let ruleSet = try rules.loadRuleSet()
        let networkLogger = NetworkLogger(configuration: .redacting(
            ruleSet: ruleSet, maxEvents: bufferEvents, maxBytes: Self.bytes(bufferBytes)!,
            captureFilter: filter))

        var configuration = ProxyServer.Configuration()
        let (host, port) = Self.hostAndPort(listen)!
        configuration.host = host
        configuration.port = port
        configuration.maxBodyCapture = Self.bytes(maxBody)!
        configuration.maxWebSocketMessages = maxWebSocketMessages
        configuration.connectPorts = Self.ports(connectPorts)!
        configuration.upstreamTimeout = Self.duration(upstreamTimeout)!
        configuration.headerTimeout = Self.duration(headerTimeout)!
        configuration.maxConnections = maxConnections
        configuration.allowRemote = allowRemote
        if let upstream {
            do { configuration.upstream = try ProxyUpstream(parsing: upstream) } catch { throw Terminal.fail(error.description) }
        }
        configuration.upstreamCAFiles = upstreamCA
        configuration.upstreamInsecure = upstreamInsecure
        configuration.upstreamHTTPVersion = upstreamHTTP
        configuration.interception = try interception()
        if upstreamInsecure {
            Terminal.printError(Terminal.paint("loupe proxy: WARNING: HTTPS upstream certificates are NOT verified (--upstream-insecure); anyone on the path can read and change this traffic.", .red, enabled: Terminal.colorEnabled(for: STDERR_FILENO)))
        }

        let color = Terminal.colorEnabled(for: STDERR_FILENO)
        var accessLog: (@Sendable (NetworkEvent) -> Void)?
        // With the console up, access log lines (and the proxy's own log lines) would be drawn
        // over its screen.
        let serverLogger = console ? Logger(label: "loupe.proxy", factory: { _ in SwiftLogNoOpLogHandler() })
            : Logger(label: "loupe.proxy")
        if !quiet, !console {
            accessLog = { event in
                let line = AccessLogLine.format(event)
                Terminal.printError(event.error == nil ? line : Terminal.paint(line, .red, enabled: color))
            }
        }
        let proxy = ProxyServer(configuration: configuration, networkLogger: networkLogger, logger: serverLogger,
                                onExchangeFinished: accessLog)
        let address: SocketAddress
        do {
            address = try await proxy.start()
        } catch let error as ProxyConfigurationError {
            throw Terminal.fail(error.description)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Terminal.fail("could not listen on \(listen): another process already uses that port; choose another --listen port.")
        } catch {
            throw Terminal.fail("could not listen on \(listen): \(error).")
        }
        let mode = configuration.upstream.map { "reverse proxy to \($0.usesTLS ? "https" : "http")://\($0.hostHeader)\($0.basePath)" }
            ?? "forward proxy"
        Terminal.printError("loupe proxy: \(mode) listening on \(address.ipAddress ?? host):\(address.port ?? port)")
        let logAPI = noAPI ? nil : try await startLogAPI(for: networkLogger, ruleSet: ruleSet, proxy: proxy)
        let dropWatch = quiet || console ? nil : Task { await Self.reportDrops(of: proxy) }

        var consoleFailure: (any Error)?
        if console {
            consoleFailure = await runConsole(over: networkLogger, ruleSet: ruleSet,
                                              label: "proxy \(address.ipAddress ?? host):\(address.port ?? port)")
        } else {
            await Terminal.waitForSignal([SIGINT, SIGTERM])
        }
        Terminal.printError("loupe proxy: shutting down")
        dropWatch?.cancel()
        await proxy.shutdown()
        let accounting = await proxy.accounting()
        Terminal.printError("loupe proxy: " + accounting.summary)
        if accounting.dropped > 0 {
            Terminal.printError("loupe proxy: the log and any export miss the \(accounting.dropped) exchanges not logged; give the proxy more CPU or capture less (--capture-filter, --max-body).")
        }
        await logAPI?.shutdown()
        if let exportOnExit { try await export(networkLogger, to: exportOnExit, ruleSet: ruleSet) }
        if let consoleFailure { throw Terminal.fail("the console stopped: \(consoleFailure)") }
    }

    /// Shows the live log in the console until the user quits (or SIGINT/SIGTERM arrives);
    /// returns why the console failed, if it did.
    private func runConsole(over networkLogger: NetworkLogger, ruleSet: RuleSet, label: String) async -> (any Error)? {
        var options = ConsoleOptions(exporter: ViewExporter(ruleSet: ruleSet))
        options.ruleSetID = ruleSet.id
        options.exporter.source = .proxy
        let source = LoggerEventSource(logger: networkLogger, label: label)
        let consoleTask = Task { try await Console.run(source: source, options: options) }
        if case .failure(let error) = await Terminal.result(of: consoleTask, cancellingOn: [SIGINT, SIGTERM]) { return error }
        return nil
    }

    /// Raises this process's soft limit on open files to its hard limit, as nginx and Go servers
    /// do: each proxied connection holds two descriptors, so a soft limit of 1024 (a common
    /// default) would refuse clients long before --max-connections.
    private static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// Caps glibc's malloc arenas at one per core (unless `MALLOC_ARENA_MAX` says otherwise).
    /// By default glibc opens up to eight per core as threads contend, and a proxy that runs for
    /// hours then holds freed memory scattered over all of them: in the 10-minute soak its
    /// resident memory grew past the log's budget with the default and stayed flat with this.
    private static func limitMallocArenas() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out; M_ARENA_MAX is -8 there.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard getenv("MALLOC_ARENA_MAX") == nil, let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount)))
        #endif
    }

    /// Prints the accounting line to the access log whenever more exchanges went unlogged,
    /// at most every few seconds, until cancelled.
    private static func reportDrops(of proxy: ProxyServer) async {
        var reported = 0
        while (try? await Task.sleep(for: .seconds(3))) != nil {
            let accounting = await proxy.accounting()
            guard accounting.dropped > reported else { continue }
            reported = accounting.dropped
            Terminal.printError("loupe proxy: " + accounting.summary)
        }
    }

    /// Serves the log API on `--api`, returning once it listens; a bind failure ends the command,
    /// since the user asked for the API.
    private func startLogAPI(for networkLogger: NetworkLogger, ruleSet: RuleSet, proxy: ProxyServer) async throws -> LogAPIServer.Running {
        let (host, port) = Self.hostAndPort(api)!
        var configuration = LogAPIServer.Configuration(
            host: host, port: port, allowRemote: allowRemote, source: .proxy, ruleSet: ruleSet,
            accessToken: apiAccess.resolvedToken)
        configuration.sourceCounters = { await proxy.accounting().counters }
        let server = LogAPIServer(logger: networkLogger, configuration: configuration)
        let running: LogAPIServer.Running
        do {
            running = try await server.start()
        } catch {
            throw Terminal.fail("could not serve the log API on \(api): \(error). Choose another --api port or pass --no-api.")
        }
        APIAccessOptions.announce(running, command: "proxy")
        return running
    }

    /// Writes the buffered log for `--export-on-exit`.
    private func export(_ networkLogger: NetworkLogger, to path: String, ruleSet: RuleSet) async throws {
        do {
            let manifest = try await networkLogger.export(
                to: URL(fileURLWithPath: path),
                configuration: .init(format: ExportFormat(path: path)!, source: .proxy, ruleSet: ruleSet))
            Terminal.printError("loupe proxy: wrote \(manifest.eventCount) events to \(path)")
        } catch {
            throw Terminal.fail("could not export the log to \(path): \(error)")
        }
    }

    // MARK: - Option values

    /// `host:port` (IPv6 in brackets); nil when malformed.
    static func hostAndPort(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65_535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    /// `512`, `64kb`, `1mb`, `1gb` (1024-based) in bytes.
    static func bytes(_ text: String) -> Int? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let kibi = 1024.0
        let units: [(String, Double)] = [("gb", kibi * kibi * kibi), ("mb", kibi * kibi), ("kb", kibi),
                                         ("g", kibi * kibi * kibi), ("m", kibi * kibi), ("k", kibi), ("b", 1)]
        for (suffix, factor) in units where lowered.hasSuffix(suffix) {
            guard let number = Double(lowered.dropLast(suffix.count)), number >= 0 else { return nil }
            return Int(number * factor)
        }
        guard let number = Int(lowered), number >= 0 else { return nil }
        return number
    }

    /// `30s`, `500ms`, `2m`, or a bare number of seconds.
    static func duration(_ text: String) -> TimeAmount? {
        let lowered = text.lowercased()
        let units: [(String, Double)] = [("ms", 1e6), ("s", 1e9), ("m", 60e9)]
        for (suffix, factor) in units where lowered.hasSuffix(suffix) {
            guard let number = Double(lowered.dropLast(suffix.count)), number > 0 else { return nil }
            return .nanoseconds(Int64(number * factor))
        }
        guard let seconds = Double(lowered), seconds > 0 else { return nil }
        return .nanoseconds(Int64(seconds * 1e9))
    }

    /// `443,8443` as a set; nil when any entry is not a port.
    static func ports(_ text: String) -> Set<Int>? {
        var result: Set<Int> = []
        for part in text.split(separator: ",") {
            guard let port = Int(part.trimmingCharacters(in: .whitespaces)), (1...65_535).contains(port) else { return nil }
            result.insert(port)
        }
        return result.isEmpty ? nil : result
    }
}

extension UpstreamHTTPVersion: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument == "2.0" || argument == "h2" ? "2" : argument == "1" ? "1.1" : argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
