import Foundation
import LoupeCore

/// The interactive terminal console: `loupe console`, `loupe proxy --console` and the demo run it
/// over any ``EventSource``.
///
/// ```swift
/// try await Console.run(source: LoggerEventSource(logger: logger), options: ConsoleOptions())
/// ```
public enum Console {
    /// Takes over the terminal until the user quits with `q` (or Ctrl-C) or the calling task is
    /// cancelled (a proxy shutting down), then restores it.
    ///
    /// The screen runs on its own thread, polling keys with a short timeout and applying the
    /// source's updates in between, so a busy source never delays a key and a slow filter never
    /// freezes the screen.
    ///
    /// - Throws: ``ConsoleTerminalError`` when the terminal cannot be used (an unknown `TERM`).
    public static func run(source: any EventSource, options: ConsoleOptions = ConsoleOptions()) async throws {
        let queue = UpdateQueue()
        let pump = Task {
            for await update in source.updates() { queue.push(update) }
        }
        let label = source.label
        defer { pump.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                let thread = Thread {
                    do {
                        try ConsoleLoop(queue: queue, options: options, label: label).run()
                        done.resume()
                    } catch {
                        done.resume(throwing: error)
                    }
                }
                thread.name = "loupe-console"
                thread.start()
            }
        } onCancel: {
            queue.requestStop()
        }
    }
}
