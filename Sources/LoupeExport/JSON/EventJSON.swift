import Foundation
import LoupeCore

/// Events in Loupe's JSON shape, byte for byte what `JSONEncoder.loupe()` writes, through the
/// exporters' hand-written writer (several times faster than the encoder): for servers that send
/// events, such as the log API.
public enum EventJSON {
    /// One event as a compact JSON object.
    public static func encode(_ event: NetworkEvent) -> Data {
        var builder = JSONBuilder()
        builder.event(event)
        return Data(builder.bytes)
    }

    /// A JSON array of `events`, one per line, ending in a newline.
    public static func array(_ events: [NetworkEvent]) -> Data {
        var output = Data("[".utf8)
        var builder = JSONBuilder()
        for (index, event) in events.enumerated() {
            if index > 0 { output.append(contentsOf: ",\n".utf8) }
            builder.reset()
            builder.event(event)
            output.append(builder.bytes)
        }
        output.append(contentsOf: "]\n".utf8)
        return output
    }
}
