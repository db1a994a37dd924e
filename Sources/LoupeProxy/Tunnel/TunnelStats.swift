import Foundation
import LoupeCore
import NIOCore

/// The byte counts of one CONNECT tunnel, shared by its two glue handlers on one event loop;
/// reports the totals once, when both sides have closed.
final class TunnelStats: RelayObserver {
    private var info: TunnelInfo
    private var openSides = 2
    private let onClosed: (TunnelInfo) -> Void

    init(host: String, port: Int, onClosed: @escaping (TunnelInfo) -> Void) {
        info = TunnelInfo(host: host, port: port)
        self.onClosed = onClosed
    }

    func observe(_ bytes: ByteBuffer, upload: Bool) {
        if upload { info.bytesUp += bytes.readableBytes } else { info.bytesDown += bytes.readableBytes }
    }

    func sideClosed(client: Bool) {
        openSides -= 1
        if openSides == 0 { onClosed(info) }
    }
}
