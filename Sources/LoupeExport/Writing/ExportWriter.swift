import Foundation
import Logging
import LoupeCore
import LoupeRedaction
import ZIPFoundation

/// Writes events to an export file, one at a time so memory stays bounded however many there are.
///
/// Every event passes the verification pass (``ExportVerifier``) before it is written. The file
/// appears at `destination` only when ``finish()`` succeeds, complete and with mode 0600; until
/// then everything lives in a hidden staging folder beside it, removed on ``cancel()``, on an error,
/// or when the writer is released unfinished.
///
/// ```swift
/// let writer = try ExportWriter(destination: URL(filePath: "debug.zip"),
///                               configuration: .init(format: .zip, source: .app))
/// for event in await logger.snapshot() { try writer.write(event) }
/// let manifest = try writer.finish()
/// ```
public final class ExportWriter {
    /// What to write and what to record in the manifest.
    public struct Configuration: Sendable {
        public var format: ExportFormat
        public var source: ExportManifest.Source
        /// The filter expression the events were selected with, recorded in the manifest.
        public var filter: String?
        /// The rules of the verification pass, recorded in the manifest.
        public var ruleSet: RuleSet
        /// The log's eviction counters at export time.
        public var evictedEvents: Int
        public var evictedBytes: Int
        public var logger: Logger

        /// A configuration with the built-in rules and no evictions.
        public init(format: ExportFormat, source: ExportManifest.Source, filter: String? = nil,
                    ruleSet: RuleSet = .builtIn, evictedEvents: Int = 0, evictedBytes: Int = 0,
                    logger: Logger = Logger(label: "loupe.export")) {
            self.format = format
            self.source = source
            self.filter = filter
            self.ruleSet = ruleSet
            self.evictedEvents = evictedEvents
            self.evictedBytes = evictedBytes
            self.logger = logger
        }
    }

    /// The zip bundle's member names.
    public enum BundleEntry {
        public static let manifest = "manifest.json"
        public static let events = "events.json"
        public static let har = "events.har"
    }

    public let destination: URL
    public let configuration: Configuration
    /// Events written so far.
    public private(set) var eventCount = 0
    /// The hidden folder beside the destination holding the unfinished export; a program that
    /// exits abruptly (a signal handler) removes it so nothing is left behind.
    public var stagingDirectory: URL { staging.directory }

    private let staging: StagingDirectory
    /// Each file is encoded on a queue of its own while this thread verifies the events.
    private let sinks: [BackgroundEventSink]
    private var verifier: ExportVerifier
    private var redactions: [String: Int] = [:]
    private var isFinished = false
    private let createdAt = Date()

    /// Starts an export to `destination` (created or replaced by ``finish()``).
    ///
    /// - Throws: ``ExportError`` when the destination's folder cannot be written.
    public init(destination: URL, configuration: Configuration) throws(ExportError) {
        self.destination = destination
        self.configuration = configuration
        staging = try StagingDirectory(destination: destination)
        verifier = ExportVerifier(ruleSet: configuration.ruleSet)
        switch configuration.format {
        case .zip:
            sinks = [BackgroundEventSink(try .events(url: staging.file(named: BundleEntry.events), layout: .jsonArray)),
                     BackgroundEventSink(try .har(url: staging.file(named: BundleEntry.har)))]
        case .har:
            sinks = [BackgroundEventSink(try .har(url: staging.file(named: "export.har")))]
        case .ndjson:
            sinks = [BackgroundEventSink(try .events(url: staging.file(named: "export.ndjson"), layout: .ndjson))]
        }
    }

    deinit { staging.discard() }

    /// Verifies and writes one event.
    public func write(_ event: NetworkEvent) throws(ExportError) {
        precondition(!isFinished, "ExportWriter.write after finish or cancel")
        var event = event
        verifier.verify(&event)
        for (rule, count) in event.redactions { redactions[rule, default: 0] += count }
        do {
            for sink in sinks { try sink.write(event) }
        } catch {
            cancel()
            throw relabel(error)
        }
        eventCount += 1
    }

    /// Completes the file and moves it to ``destination``.
    ///
    /// - Returns: The manifest (written into zip bundles; returned for every format).
    @discardableResult
    public func finish() throws(ExportError) -> ExportManifest {
        precondition(!isFinished, "ExportWriter.finish called twice")
        isFinished = true
        var manifest = ExportManifest(
            toolVersion: Loupe.version, createdAt: createdAt, source: configuration.source,
            filter: configuration.filter.map { verifier.verify(text: $0) }, eventCount: eventCount,
            evictedEvents: configuration.evictedEvents, evictedBytes: configuration.evictedBytes,
            ruleSet: .init(id: configuration.ruleSet.id, sha256: configuration.ruleSet.sha256),
            redactions: redactions, verification: .init())
        manifest.verification = .init(lateRedactions: verifier.lateRedactionCount,
                                      lateRedactionsByRule: verifier.lateRedactions)
        do {
            for sink in sinks { try sink.finish() }
            let file = configuration.format == .zip ? try writeBundle(manifest: manifest) : sinks[0].url
            try staging.commit(file)
        } catch {
            staging.discard()
            throw relabel(error)
        }
        if manifest.verification.lateRedactions > 0 {
            configuration.logger.warning("The verification pass redacted values the capture-time redactor missed.",
                                         metadata: ["late-redactions": "\(manifest.verification.lateRedactions)",
                                                    "file": "\(destination.path)"])
        }
        return manifest
    }

    /// Abandons the export: nothing appears at ``destination``.
    public func cancel() {
        isFinished = true
        staging.discard()
    }

    private func writeBundle(manifest: ExportManifest) throws(ExportError) -> URL {
        let file = staging.file(named: "export.zip")
        let manifestData: Data
        do {
            manifestData = try JSONEncoder.loupe(pretty: true).encode(manifest)
        } catch {
            throw ExportError(path: destination.path, reason: "cannot encode the manifest (\(error)); this is a bug in Loupe")
        }
        do {
            let archive = try Archive(url: file, accessMode: .create)
            try archive.addEntry(with: BundleEntry.manifest, type: .file, uncompressedSize: Int64(manifestData.count),
                                 permissions: 0o600, compressionMethod: .deflate) { position, size in
                manifestData.subdata(in: Int(position)..<(Int(position) + size))
            }
            for sink in sinks {
                try archive.addEntry(with: sink.url.lastPathComponent, fileURL: sink.url, compressionMethod: .deflate,
                                     bufferSize: 256 << 10)
                try? FileManager.default.removeItem(at: sink.url)
            }
        } catch {
            throw ExportError(path: destination.path, reason: "cannot write the zip bundle (\(error))")
        }
        return file
    }

    /// Errors from staging files name the destination, which is what the user asked for.
    private func relabel(_ error: ExportError) -> ExportError {
        var error = error
        if error.path.hasPrefix(staging.directory.path) { error.path = destination.path }
        return error
    }
}

extension ExportWriter {
    /// Writes `events` to `destination` in one call.
    @discardableResult
    public static func export(_ events: some Sequence<NetworkEvent>, to destination: URL,
                              configuration: Configuration) throws(ExportError) -> ExportManifest {
        let writer = try ExportWriter(destination: destination, configuration: configuration)
        for event in events { try writer.write(event) }
        return try writer.finish()
    }
}
