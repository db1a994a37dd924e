import ArgumentParser
import Foundation
import LoupeCore

/// `loupe filter EXPR`: checks a filter expression and prints how Loupe reads it.
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Check a filter expression and print how Loupe reads it.",
        discussion: """
            The same language selects what the proxy captures, what the console shows, what an \
            export contains and what the log API returns. A valid expression is printed back in \
            canonical form (lower-cased text, upper-cased methods, aliases kept); terms next to \
            each other must all hold, and `or` binds looser than that. Exit status: 0 when the \
            expression is valid, 2 when it is not (the error names the column).

            EXAMPLES:
              loupe filter 'method:POST status:5xx'          both must hold
              loupe filter 'status:>=400 or has:error'       either
              loupe filter '-host:cdn.example.com dur:>500ms' negation, durations
              loupe filter '~m POST & !~c 200'                mitmproxy aliases
            """
    )

    @Argument(help: "The filter expression (quote it for the shell).")
    var expression: String

    func run() throws {
        do {
            let filter = try EventFilter(parsing: expression)
            print(filter.description.isEmpty ? "(matches every event)" : filter.description)
        } catch {
            let exit = Terminal.fail("invalid filter: \(error)")
            Terminal.printError("  " + expression)
            Terminal.printError("  " + String(repeating: " ", count: max(0, error.column - 1))
                + Terminal.paint("^", .yellow, enabled: Terminal.colorEnabled(for: STDERR_FILENO)))
            throw exit
        }
    }
}
