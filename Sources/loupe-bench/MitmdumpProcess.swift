import Foundation
import NIOCore
import NIOPosix

/// mitmproxy's `mitmdump` (version 11, regular mode) as a child process, the HTTPS benchmark's
/// point of comparison: installed into a venv by `scripts/bench-mitmproxy.sh`, started with a
/// configuration folder of its own (where it creates its CA) and trusting the origin's CA upstream.
final class MitmdumpProcess {
    /// The port its HTTP proxy listens on, on 127.0.0.1.
    let port: Int
    /// mitmproxy's CA certificate (PEM), which the load generator trusts.
    let caCertificatePath: String
    private let process: Process

    /// Its process id (mitmdump's own: the launcher execs it).
    var processIdentifier: Int32 { process.processIdentifier }

    private init(port: Int, caCertificatePath: String, process: Process) {
        self.port = port
        self.caCertificatePath = caCertificatePath
        self.process = process
    }

    /// The path of `mitmdump`: `$LOUPE_BENCH_MITMDUMP` when set, else what
    /// `scripts/bench-mitmproxy.sh` installs (into `.build-bench/mitm`, once).
    ///
    /// - Throws: ``BenchmarkError`` saying why, when it is not there and cannot be installed.
    static func install() throws -> String {
        try ComparisonTool.install(script: "bench-mitmproxy.sh", environmentVariable: "LOUPE_BENCH_MITMDUMP")
    }

    /// Starts `mitmdump` quietly on a free loopback port with `confdir` as its configuration
    /// folder, trusting `upstreamCA` for the origin, and waits until it accepts connections.
    static func launch(_ mitmdump: String, confdir: URL, upstreamCA: String) async throws -> MitmdumpProcess {
        let port = try await ComparisonTool.freePort()
        try FileManager.default.createDirectory(at: confdir, withIntermediateDirectories: true)
        let log = confdir.appendingPathComponent("mitmdump.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        // A child inherits the signal mask of the thread that starts it, and the threads async code
        // runs on block SIGTERM and SIGINT: mitmdump would never see the SIGTERM that stops it.
        // A Python one-liner (the venv's interpreter when there is one) unblocks them and execs it.
        let venvPython = URL(fileURLWithPath: mitmdump).deletingLastPathComponent().appendingPathComponent("python3").path
        if FileManager.default.isExecutableFile(atPath: venvPython) {
            process.executableURL = URL(fileURLWithPath: venvPython)
            process.arguments = []
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"]
        }
        process.arguments! += ["-c", Self.execWithSignalsUnblocked, mitmdump] + [
            "--mode", "regular", "--listen-host", "127.0.0.1", "--listen-port", "\(port)",
            "--set", "confdir=\(confdir.path)",
            "--set", "ssl_verify_upstream_trusted_ca=\(upstreamCA)",
            "--quiet",
        ]
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let caCertificate = confdir.appendingPathComponent("mitmproxy-ca-cert.pem")
        // Python and mitmproxy's imports take a second or two before it listens.
        try await ComparisonTool.waitUntilListening(process, name: "mitmdump", port: port, log: log, within: .seconds(30),
                                                    interval: .milliseconds(100)) {
            FileManager.default.fileExists(atPath: caCertificate.path)
        }
        return MitmdumpProcess(port: port, caCertificatePath: caCertificate.path, process: process)
    }

    /// `python3 -c` source that clears the signal mask and execs `argv[1]` with the arguments after it.
    private static let execWithSignalsUnblocked =
        "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"

    /// Stops it (SIGTERM; SIGKILL if it is still running 5 s later) and waits for it to exit.
    func stop() {
        ComparisonTool.stop(process)
    }
}
