import Foundation
import LoupeCore

/// The console's main loop on its own thread: apply what the source sent, take one filtering
/// step, draw when something changed, then wait briefly for a key.
struct ConsoleLoop {
    let queue: UpdateQueue
    let options: ConsoleOptions
    let label: String

    /// Updates applied per turn at most, so a burst of changes cannot starve the keyboard.
    static let updatesPerTurn = 20_000
    /// How long to wait for a key when nothing else needs doing; also the longest a source
    /// update waits to be drawn.
    static let idleTimeout = 50

    func run() throws(ConsoleTerminalError) {
        let screen = try CursesScreen(colors: options.colors)
        defer { screen.end() }
        var model = ConsoleModel(configuration: .init(sourceLabel: label, ruleSetID: options.ruleSetID))
        model.apply(.resize(screen.size))
        if let filter = options.initialFilter, !filter.isEmpty { model.apply(.setFilter(filter)) }
        let renderer = ConsoleRenderer(format: options.format)
        var dirty = true
        while !queue.shouldStop {
            let updates = queue.drain(limit: Self.updatesPerTurn)
            for update in updates { model.apply(update) }
            if !updates.isEmpty { dirty = true }
            if model.isFiltering {
                model.advanceFiltering()
                dirty = true
            }
            if dirty {
                screen.draw(renderer.frame(for: model))
                dirty = false
            }
            let busy = model.isFiltering || queue.hasPending
            guard let key = screen.readKey(timeout: busy ? 0 : Self.idleTimeout) else { continue }
            dirty = true
            if key == .resize {
                model.apply(.resize(screen.size))
                continue
            }
            guard let action = model.action(for: key) else { continue }
            switch model.apply(action) {
            case .quit:
                return
            case .export(let path):
                export(&model, to: path)
            case nil:
                break
            }
        }
    }

    private func export(_ model: inout ConsoleModel, to path: String) {
        let url = URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        let events = model.visibleEvents
        do {
            let manifest = try options.exporter.export(events, to: url, filter: model.effectiveFilter.source,
                                                       evictedEvents: model.evictedCount)
            var note = "Wrote \(events.count) events to \(url.path) (\(ViewExporter.format(for: url).rawValue), owner-only, verified"
            let late = manifest.verification.lateRedactions
            if late > 0 { note += "; \(late) late redaction\(late == 1 ? "" : "s")" }
            model.show(note + ").")
        } catch {
            model.show(error.description, isError: true)
        }
    }
}
