import FuzzSupport
import Foundation
import LoupeCore
import NIOCore
@testable import LoupeProxy

/// Fuzzes the proxy's side reader of a relayed WebSocket connection (``WebSocketFrameReader``)
/// with arbitrary bytes: frames well-formed or not, masked or not, compressed or not.
///
/// Invariants: nothing crashes; what it reads does not depend on how the bytes are cut into
/// chunks; no message keeps more text than the limit; once reading stopped, nothing more is read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrames(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let seed = input.byte()
    let flags = input.byte()
    let limit = [0, 5, 125, 300, 70_000][Int(flags % 5)]
    let deflate = flags & 0x10 != 0
    let bytes = input.rest()

    let whole = WebSocketFrameReader(direction: .up, limit: limit, deflate: deflate)
    let wholeOutputs = normalized(whole.read(ByteBuffer(bytes: bytes)))
    let chunked = WebSocketFrameReader(direction: .up, limit: limit, deflate: deflate)
    var chunkedOutputs: [WebSocketFrameReader.Output] = []
    for chunk in chunks(of: bytes, seed: seed) {
        chunkedOutputs += normalized(chunked.read(ByteBuffer(bytes: chunk)))
    }
    invariant(chunkedOutputs == wholeOutputs, "chunked read gave \(chunkedOutputs), whole read \(wholeOutputs)")
    invariant((chunked.failure == nil) == (whole.failure == nil), "one read failed and the other did not")
    for case .message(let message) in wholeOutputs {
        invariant((message.text?.utf8.count ?? 0) <= max(limit, 0) * 3, "a message kept more text than the limit")
        invariant((message.text == nil) == (message.opcode == .binary), "text and opcode disagree")
    }
    if whole.failure != nil {
        invariant(whole.read(ByteBuffer(bytes: [0x81, 0x01, 0x61])).isEmpty, "a failed reader read on")
    }
    return 0
}

/// The outputs with their arrival times fixed, which differ between two reads.
private func normalized(_ outputs: [WebSocketFrameReader.Output]) -> [WebSocketFrameReader.Output] {
    outputs.map { output in
        guard case .message(var message) = output else { return output }
        message.receivedAt = Date(timeIntervalSince1970: 0)
        return .message(message)
    }
}
