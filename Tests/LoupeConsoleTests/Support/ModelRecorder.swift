import Foundation
import LoupeConsole
import LoupeCore

/// Applies a source's updates to a console model, as the console's loop does, and keeps the
/// statuses it saw, for tests to poll.
actor ModelRecorder {
    private(set) var model = ConsoleModel(configuration: .init(sourceLabel: "test"))
    private(set) var statuses: [String?] = []
    private(set) var resets = 0
    private var task: Task<Void, Never>?

    /// Starts consuming `source`'s updates.
    func start(_ source: any EventSource) {
        let updates = source.updates()
        task = Task {
            for await update in updates { self.apply(update) }
        }
    }

    func stop() {
        task?.cancel()
    }

    private func apply(_ update: SourceUpdate) {
        if case .status(let status) = update { statuses.append(status) }
        if case .reset = update { resets += 1 }
        model.apply(update)
        model.finishFiltering()
    }

    /// The ids of the shown events, in order.
    var ids: [UUID] { model.visibleEvents.map(\.id) }
}
