import Foundation
import NIOCore
import NIOPosix

/// What the child processes of the comparison tools (mitmdump, nginx) share: finding or installing
/// them with a script in `scripts/`, a free loopback port to give them, waiting until they listen,
/// and stopping them.
enum ComparisonTool {
    /// The path of a tool: `$environmentVariable` when set, else what `scripts/script` prints on
    /// standard output (it installs the tool first when it is missing).
    ///
    /// - Throws: ``BenchmarkError`` saying why, when it is not there and cannot be installed.
    static func install(script name: String, environmentVariable: String) throws -> String {
        if let path = ProcessInfo.processInfo.environment[environmentVariable] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw BenchmarkError("\(environmentVariable)=\(path) is not an executable")
            }
            return path
        }
        guard let script = script(named: name) else {
            throw BenchmarkError("scripts/\(name) not found (run loupe-bench from the repository)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let why = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError(why.isEmpty ? "scripts/\(name) failed" : why)
        }
        return path
    }

    /// A script in `scripts/`, looked for from the working directory and from the executable
    /// upwards (`.build/release/loupe-bench` sits three folders below the repository).
    private static func script(named name: String) -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath()
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder)
            folder = folder.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent("scripts/\(name)") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// A loopback port nothing listens on now (bound, read and released).
    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port
        try await channel.close()
        guard let port else { throw BenchmarkError("no free loopback port") }
        return port
    }

    /// Whether something accepts TCP connections on `port` of 127.0.0.1.
    static func accepts(port: Int) async -> Bool {
        guard let channel = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get() else { return false }
        try? await channel.close()
        return true
    }

    /// Waits until `process` accepts connections on `port` of 127.0.0.1 and `ready()` holds,
    /// checking every `interval` for up to `limit`.
    ///
    /// - Throws: ``BenchmarkError`` with the last line of `log` when the process exits first, or
    ///   saying so after stopping it when `limit` passes.
    static func waitUntilListening(_ process: Process, name: String, port: Int, log: URL, within limit: Duration,
                                   interval: Duration, ready: () -> Bool = { true }) async throws {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            guard process.isRunning else {
                let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                let last = output.split(separator: "\n").last.map(String.init) ?? "no output"
                throw BenchmarkError("\(name) exited with status \(process.terminationStatus): \(last)")
            }
            if ready(), await accepts(port: port) { return }
            try await Task.sleep(for: interval)
        }
        stop(process)
        throw BenchmarkError("\(name) did not listen on port \(port) within \(limit)")
    }

    /// Stops `process` (SIGTERM; SIGKILL if it is still running 5 s later) and waits for it to exit.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let asked = ContinuousClock.now
        while process.isRunning, ContinuousClock.now - asked < .seconds(5) { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
