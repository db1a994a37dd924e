import Foundation
import LoupeCore
import LoupeExport

/// Exports a log of realistic exchanges (already redacted, as a logger stores them) to a zip
/// bundle, then to HAR and NDJSON, with the verification pass on, and reports the time and how
/// much memory the export needed beyond the events themselves.
struct ExportBenchmark: Benchmark {
    let name = "export"
    let summary = "zip bundle (events.json + events.har + manifest) of 100 000 events, verification pass on"

    static let defaultEvents = 100_000
    static let targetSeconds = 3.0
    /// Memory the export may add to the log it reads: buffers, encoders, zlib; not the events.
    static let targetExtraResident = 64 * 1024 * 1024

    /// CPU time this thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func run(options: BenchmarkOptions) async throws -> [Measurement] {
        let eventCount = max(1, options.events ?? Self.defaultEvents)
        let template = LoggerIngestBenchmark.template()
        let events = (0..<eventCount).map { index in
            var event = LoggerIngestBenchmark.event(number: index, id: .random(), from: template)
            event.sequence = UInt64(index + 1)
            return event
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "loupe-bench-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        ProcessMemory.resetPeak()
        let before = ProcessMemory.currentResident
        let clock = ContinuousClock()
        var measurements: [Measurement] = []
        var zipPeak: Int?
        for format in [ExportFormat.zip, .har, .ndjson] {
            let file = folder.appending(path: "export.\(format.fileExtension)")
            let start = clock.now
            let cpuStart = Self.threadCPUSeconds()
            try ExportWriter.export(events, to: file, configuration: .init(format: format, source: .app))
            let cpu = Self.threadCPUSeconds() - cpuStart
            let elapsed = clock.now - start
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
            if format == .zip {
                zipPeak = ProcessMemory.peakResident
                measurements.append(.judged("zip time", Format.seconds(elapsed),
                                            target: String(format: "<= %.1f s", Self.targetSeconds),
                                            meets: elapsed.seconds <= Self.targetSeconds))
                // The exporting thread verifies and zips (each file is encoded on a queue of its
                // own): its CPU time is the figure other processes on a busy machine inflate least.
                measurements.append(Measurement(metric: "zip CPU time (exporting thread)", value: String(format: "%.3f s", cpu)))
            } else {
                measurements.append(Measurement(metric: "\(format.rawValue) time", value: Format.seconds(elapsed)))
            }
            measurements.append(Measurement(metric: "\(format.rawValue) size", value: Format.mebibytes(size)))
        }
        measurements.insert(Measurement(metric: "events", value: Format.grouped(eventCount)), at: 0)
        let foundation = try Self.foundationNDJSON(events, to: folder.appending(path: "foundation.ndjson"))
        measurements.append(Measurement(metric: "comparison: Foundation JSONEncoder to NDJSON (no verification, no zip)",
                                        value: Format.seconds(foundation)))
        if let before, let zipPeak {
            let extra = max(0, zipPeak - before)
            measurements.append(.judged("zip peak RSS over the log", Format.mebibytes(extra),
                                        target: "<= \(Format.mebibytes(Self.targetExtraResident))",
                                        meets: extra <= Self.targetExtraResident))
            measurements.append(Measurement(metric: "peak RSS (VmHWM)", value: Format.mebibytes(zipPeak)))
        } else {
            measurements.append(Measurement(metric: "peak RSS (VmHWM)", value: "n/a (no /proc)"))
        }
        return measurements
    }

    /// The time Foundation's `JSONEncoder` takes to write the same events as NDJSON, one
    /// `encode` call per event through a 256 KiB buffer: what the export's figures compare to.
    static func foundationNDJSON(_ events: [NetworkEvent], to file: URL) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let encoder = JSONEncoder.loupe()
        var buffer = Data()
        for event in events {
            buffer.append(try encoder.encode(event))
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= 256 << 10 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        return clock.now - start
    }
}
