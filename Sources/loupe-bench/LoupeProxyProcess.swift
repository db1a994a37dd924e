import Foundation
import LoupeServer
import Synchronization

/// The built `loupe proxy` as a child process (the `loupe` binary next to `loupe-bench`), so the
/// soak benchmark sees what a user runs: its memory, its file descriptors, and whether it crashed.
final class LoupeProxyProcess {
    /// The proxy's port and its log API's, both on 127.0.0.1.
    let port: Int
    let apiPort: Int
    /// The log API's access token (given to the proxy in `LOUPE_API_TOKEN`).
    let apiToken: String
    private let process: Process
    private let errors: Pipe
    /// What the proxy printed on standard error, read as it comes so the pipe never fills up.
    private let printed: PrintedText

    var processIdentifier: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    private init(port: Int, apiPort: Int, apiToken: String, process: Process, errors: Pipe, printed: String) {
        self.port = port
        self.apiPort = apiPort
        self.apiToken = apiToken
        self.process = process
        self.errors = errors
        let buffer = PrintedText(printed)
        self.printed = buffer
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            buffer.text.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
        }
    }

    /// What the proxy printed on standard error so far.
    var output: String { printed.text.withLock { $0 } }

    /// Starts `loupe proxy --listen 127.0.0.1:0 --api 127.0.0.1:0` with `arguments` added, and
    /// waits until it says where it listens.
    static func launch(arguments: [String]) throws -> LoupeProxyProcess {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appending(path: "loupe")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchmarkError("\(executable.path) not found: build the loupe product too (make bench does)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["proxy", "--listen", "127.0.0.1:0", "--api", "127.0.0.1:0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let apiToken = LogAPIServer.randomAccessToken()
        environment["LOUPE_API_TOKEN"] = apiToken
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The proxy prints "… listening on 127.0.0.1:PORT" and then "log API on http://127.0.0.1:PORT".
        var text = ""
        var port: Int?
        var apiPort: Int?
        while port == nil || apiPort == nil {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            port = lastPort(in: text, after: "listening on ")
            apiPort = lastPort(in: text, after: "log API on ")
        }
        guard let port, let apiPort else {
            process.terminate()
            throw BenchmarkError("loupe proxy did not start: \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return LoupeProxyProcess(port: port, apiPort: apiPort, apiToken: apiToken, process: process, errors: errors, printed: text)
    }

    /// The port at the end of the line that contains `marker`.
    private static func lastPort(in text: String, after marker: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) }),
              let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// How many file descriptors the proxy has open now, or nil when it is gone.
    var openFileDescriptors: Int? { fileDescriptors?.count }

    /// What each open file descriptor of the proxy refers to (`socket:[123]`, a path …), by number.
    var fileDescriptors: [Int: String]? {
        let folder = "/proc/\(process.processIdentifier)/fd"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var descriptors: [Int: String] = [:]
        for name in names {
            guard let number = Int(name) else { continue }
            descriptors[number] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)")) ?? "?"
        }
        return descriptors
    }

    /// Sends SIGTERM, waits for the exit and returns its status (nil when it died of a signal).
    func stop() -> Int32? {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.2)  // lets the handler read the last lines
        errors.fileHandleForReading.readabilityHandler = nil
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }
}

/// Text shared between the pipe's reading handler and the benchmark.
private final class PrintedText: Sendable {
    let text: Mutex<String>
    init(_ text: String) { self.text = Mutex(text) }
}
