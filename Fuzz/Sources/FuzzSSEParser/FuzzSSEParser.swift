import FuzzSupport
import Foundation
import LoupeCore

/// Fuzzes ``SSEParser`` with arbitrary event-stream bytes.
///
/// Invariants: the events, last event ID, reconnection time and partial-event flag do not depend
/// on how the bytes are cut into chunks; and the events, written back out as an event stream,
/// parse to the same events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSSEParser(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let seed = input.byte()
    let stream = input.rest()
    let receivedAt = Date(timeIntervalSince1970: 0)

    var whole = SSEParser()
    let events = whole.feed(stream, receivedAt: receivedAt)
    var chunked = SSEParser()
    var chunkedEvents: [SSEEvent] = []
    for chunk in chunks(of: stream, seed: seed) {
        chunkedEvents += chunked.feed(chunk, receivedAt: receivedAt)
    }
    invariant(chunkedEvents == events, "chunked parse gave \(chunkedEvents), whole parse \(events)")
    invariant(chunked.lastEventID == whole.lastEventID, "last event ID \(chunked.lastEventID) ≠ \(whole.lastEventID)")
    invariant(chunked.reconnectionTime == whole.reconnectionTime, "reconnection time differs")
    invariant(chunked.hasPartialEvent == whole.hasPartialEvent, "hasPartialEvent differs")
    invariant(whole.finish().isEmpty, "finish() returned events")
    invariant(!whole.hasPartialEvent, "a partial event survived finish()")

    var reparser = SSEParser()
    let reparsed = reparser.feed(SSEStreamWriter.stream(of: events).utf8, receivedAt: receivedAt)
    invariant(reparsed == events, "written back out, the events parse to \(reparsed) instead of \(events)")
    return 0
}
