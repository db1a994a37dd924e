import ArgumentParser
import LoupeCore

@main
struct LoupeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loupe",
        abstract: "A network debugging proxy and log console that redacts secrets before anything is stored.",
        version: Loupe.version,
        subcommands: []
    )
}
