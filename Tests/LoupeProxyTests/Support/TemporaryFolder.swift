import Foundation

/// A folder under the system's temporary directory that the test removes when it ends.
struct TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loupe-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside the folder (not created).
    func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs a command-line tool found on PATH-like locations and returns its exit status and
/// combined output, or nil when the tool is not installed.
func runTool(_ name: String, _ arguments: [String], standardInput: String = "", environment: [String: String] = [:])
    async throws -> (status: Int32, output: String)?
{
    guard let path = toolPath(name) else { return nil }
    return try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
            let output = Pipe()
            let input = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = input
            do {
                try process.run()
                input.fileHandleForWriting.write(Data(standardInput.utf8))
                try? input.fileHandleForWriting.close()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

/// Whether a tool is installed where ``runTool(_:_:standardInput:environment:)`` looks.
func toolIsInstalled(_ name: String) -> Bool {
    toolPath(name) != nil
}

/// The tool's path: the first on `PATH` (the python3 that `make deps` gave its packages to), else
/// in the system's folders.
private func toolPath(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        + ["/usr/bin", "/usr/local/bin", "/bin"]
    return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
