import Foundation
import LoupeCore

/// The byte counts of one CONNECT tunnel, shared by its two glue handlers on one event loop;
/// reports the totals once, when both sides have closed.
final class TunnelStats {
    private var info: TunnelInfo
    private var openSides = 2
    private let onClosed: (TunnelInfo) -> Void

    init(host: String, port: Int, onClosed: @escaping (TunnelInfo) -> Void) {
        info = TunnelInfo(host: host, port: port)
        self.onClosed = onClosed
    }

    func count(_ bytes: Int, upload: Bool) {
        if upload { info.bytesUp += bytes } else { info.bytesDown += bytes }
    }

    func sideClosed() {
        openSides -= 1
        if openSides == 0 { onClosed(info) }
    }
}
