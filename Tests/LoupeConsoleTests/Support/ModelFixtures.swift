import Foundation
import LoupeConsole
import LoupeCore

extension ConsoleModel {
    /// A model of the given size holding `events`, fully filtered.
    static func loaded(_ events: [NetworkEvent], size: ConsoleSize = .minimum, label: String = "test") -> ConsoleModel {
        var model = ConsoleModel(configuration: .init(sourceLabel: label))
        model.apply(.resize(size))
        model.apply(SourceUpdate.reset(events, evicted: 0))
        model.finishFiltering()
        return model
    }

    /// The paths of the shown events, in order.
    var visiblePaths: [String] {
        visibleEvents.map { URLComponents(string: $0.request.url)?.path ?? $0.request.url }
    }

    /// Types `text` into the open filter line, one key at a time.
    mutating func type(_ text: String) {
        for character in text {
            apply(.editFilter(.character(character)))
        }
    }
}
