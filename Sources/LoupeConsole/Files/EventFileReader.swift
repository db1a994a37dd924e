import Foundation
import LoupeCore

/// Reads one file format into events, for `loupe console --open`. NDJSON is built in; other
/// formats (the zip bundle, HAR) plug in by conforming and being passed to ``EventFileReaders``.
public protocol EventFileReader: Sendable {
    /// A short name for messages, e.g. `NDJSON`.
    var formatName: String { get }

    /// Whether this reader handles `url`, judging by its name and its first bytes.
    func canRead(_ url: URL, prefix: Data) -> Bool

    /// Every event in the file, in file order.
    func readEvents(from url: URL) throws -> [NetworkEvent]
}

/// The readers `--open` chooses from, in order; the first that says it can read a file reads it.
public struct EventFileReaders: Sendable {
    public var readers: [any EventFileReader]

    /// Readers tried in order; ``NDJSONEventReader`` is the built-in fallback.
    public init(_ readers: [any EventFileReader] = [NDJSONEventReader()]) {
        self.readers = readers
    }

    /// Reads `url` with the first reader that accepts it.
    ///
    /// - Throws: ``EventFileError`` when the file cannot be opened, no reader accepts it, or the
    ///   reader fails.
    public func readEvents(from url: URL) throws -> [NetworkEvent] {
        let prefix: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            prefix = try handle.read(upToCount: 512) ?? Data()
        } catch {
            throw EventFileError(path: url.path, line: nil,
                                 reason: "it cannot be opened (\(Self.describe(error))); check the path and permissions.")
        }
        guard let reader = readers.first(where: { $0.canRead(url, prefix: prefix) }) else {
            let known = readers.map(\.formatName).joined(separator: ", ")
            throw EventFileError(path: url.path, line: nil, reason: "its format is not one Loupe reads here (\(known)).")
        }
        return try reader.readEvents(from: url)
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))).lowercased() }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}

/// Why an event file could not be read: the file, the line when known, and what to do.
public struct EventFileError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public var path: String
    /// The 1-based line of the problem, for line-based formats.
    public var line: Int?
    /// A sentence saying what is wrong.
    public var reason: String

    public init(path: String, line: Int?, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }

    public var errorDescription: String? { description }
}
