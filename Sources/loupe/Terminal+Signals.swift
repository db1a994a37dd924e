#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

extension Terminal {
    /// Calls `handler` whenever one of `signals` arrives, instead of the signal's default action
    /// (ending the process), until the returned sources are cancelled.
    static func onSignals(_ signals: [Int32], _ handler: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// Awaits `task`, cancelling it when one of `signals` arrives, so the work ends the normal way
    /// (restoring the terminal, closing connections, stopping servers) rather than being killed.
    static func result<Success: Sendable, Failure: Error>(of task: Task<Success, Failure>, cancellingOn signals: [Int32]) async
        -> Result<Success, Failure> {
        let sources = onSignals(signals) { task.cancel() }
        defer { sources.forEach { $0.cancel() } }
        return await task.result
    }

    /// Suspends until one of `signals` arrives (or the calling task is cancelled).
    static func waitForSignal(_ signals: [Int32]) async {
        let (arrived, continuation) = AsyncStream.makeStream(of: Void.self)
        let sources = onSignals(signals) { continuation.yield() }
        defer { sources.forEach { $0.cancel() } }
        for await _ in arrived { break }
    }
}
