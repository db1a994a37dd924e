#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Removes an export's staging folder when the user presses Ctrl-C, then exits with 130, so an
/// interrupted export leaves nothing behind (the destination is only written by the final rename).
final class InterruptCleanup {
    private let source: any DispatchSourceSignal

    init(path: URL) {
        signal(SIGINT, SIG_IGN)
        // A queue of its own: the main thread may be busy converting a file and never yield.
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "loupe.export.interrupt"))
        let folder = path.path
        source.setEventHandler {
            try? FileManager.default.removeItem(atPath: folder)
            FileHandle.standardError.write(Data("\ninterrupted: nothing was written.\n".utf8))
            _exit(130)
        }
        source.resume()
        self.source = source
    }

    /// Restores Ctrl-C's default behaviour.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
