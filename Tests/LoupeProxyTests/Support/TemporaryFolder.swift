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
func runTool(_ name: String, _ arguments: [String], standardInput: String = "") async throws -> (status: Int32, output: String)? {
    let candidates = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }
    guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
    return try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
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

/// Whether a tool is installed in one of the places ``runTool(_:_:standardInput:)`` looks.
func toolIsInstalled(_ name: String) -> Bool {
    ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + name) }
}
