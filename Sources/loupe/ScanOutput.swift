import Foundation
import LoupeExport
import LoupeRedaction

/// Where `loupe scan` writes its report: standard output (coloured for a terminal, following
/// NO_COLOR) or the `--output` file, with `--quiet` silencing standard output. The file is written
/// in a staging folder and appears complete, mode 0600, when ``close()`` succeeds; Ctrl-C or an
/// error leaves nothing behind.
final class ScanOutput {
    private let handle: FileHandle?
    private let staged: (directory: StagingDirectory, file: URL, interrupt: InterruptCleanup)?
    private let color: Bool
    private let streamsFindings: Bool

    /// Opens the destination; `path` nil means standard output.
    ///
    /// - Throws: exit status 2 with a sentence when the output file cannot be created.
    init(path: String?, quiet: Bool, streamsFindings: Bool) throws {
        self.streamsFindings = streamsFindings
        if let path {
            let destination = URL(fileURLWithPath: path)
            let directory: StagingDirectory
            do {
                directory = try StagingDirectory(destination: destination)
            } catch {
                throw Terminal.fail("cannot create the output file '\(path)': check that its folder exists and is writable.")
            }
            let file = directory.file(named: destination.lastPathComponent)
            guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                  let handle = FileHandle(forWritingAtPath: file.path)
            else {
                throw Terminal.fail("cannot create the output file '\(path)': check that its folder exists and is writable.")
            }
            self.handle = handle
            staged = (directory, file, InterruptCleanup(path: directory.directory))
            color = false
        } else {
            handle = quiet ? nil : FileHandle.standardOutput
            staged = nil
            color = Terminal.colorEnabled()
        }
    }

    /// One finding as a text line (only for the text format; other formats are written whole).
    func writeFinding(_ entry: ScanReport.Entry) {
        guard streamsFindings else { return }
        let finding = entry.finding
        let line = Terminal.paint(entry.location + ":", .bold, enabled: color) + " "
            + Terminal.paint(finding.ruleID, finding.ruleID == Finding.unscannableRuleID ? .yellow : .red, enabled: color)
            + " " + Terminal.paint("(\(finding.category))", .dim, enabled: color) + " " + finding.preview
        write(line + "\n")
    }

    /// The closing line of the text format: `N findings in M files (K files scanned, S skipped)`.
    func writeSummary(_ report: ScanReport) {
        let clean = report.findings.isEmpty
        write(Terminal.paint(report.summary, clean ? .green : .red, enabled: color)
            + Terminal.paint(" · rule set \(report.ruleSetID)", .dim, enabled: color) + "\n")
    }

    /// A whole JSON or SARIF document.
    func writeDocument(_ data: Data) {
        handle?.write(data)
        write("\n")
    }

    /// Finishes the report; the `--output` file appears only now.
    func close() throws {
        guard let staged, let handle else { return }
        try handle.close()
        staged.interrupt.cancel()
        do {
            try staged.directory.commit(staged.file)
        } catch {
            throw Terminal.fail(error.description)
        }
    }

    private func write(_ text: String) {
        handle?.write(Data(text.utf8))
    }
}
