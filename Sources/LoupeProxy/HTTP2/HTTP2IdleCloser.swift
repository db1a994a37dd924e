import NIOCore
import NIOHTTP2

/// Closes a client's HTTP/2 connection once it has had no open stream for a while: the
/// counterpart of the HTTP/1.1 header deadline, so an idle or stalling client (one that sends the
/// preface and nothing else) does not hold a connection slot forever. Counted with the header
/// timeouts.
final class HTTP2IdleCloser: NIOHTTP2StreamDelegate {
    private struct State {
        var openStreams = 0
        var closing: Scheduled<Void>?
    }

    private let connection: any Channel
    private let timeout: TimeAmount
    private let onIdle: @Sendable () -> Void
    private let state: NIOLoopBoundBox<State>

    /// Starts counting at once: a connection that never opens a stream closes after `timeout`.
    init(connection: any Channel, timeout: TimeAmount, onIdle: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.timeout = timeout
        self.onIdle = onIdle
        state = NIOLoopBoundBox(State(), eventLoop: connection.eventLoop)
        arm()
        // A connection that closes otherwise leaves no timer behind to count it.
        let state = state
        connection.closeFuture.assumeIsolated().whenComplete { _ in
            state.value.closing?.cancel()
            state.value.closing = nil
        }
    }

    private func arm() {
        let connection = connection
        let onIdle = onIdle
        state.value.closing = connection.eventLoop.scheduleTask(in: timeout) {
            guard connection.isActive else { return }
            onIdle()
            connection.close(promise: nil)
        }
    }

    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
        state.value.openStreams += 1
        state.value.closing?.cancel()
        state.value.closing = nil
    }

    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
        state.value.openStreams -= 1
        if state.value.openStreams == 0 { arm() }
    }
}
