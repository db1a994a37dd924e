import ArgumentParser
import LoupeProxy

/// `loupe ca path`: the CA certificate's PEM path alone, for `--cacert "$(loupe ca path)"`.
struct CAPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the CA certificate's PEM path (creates the CA on first use).",
        discussion: """
            Only the path, on one line, so it can go straight into a command or a variable.

            EXAMPLES:
              curl --cacert "$(loupe ca path)" -x 127.0.0.1:8080 https://example.com/
              export SSL_CERT_FILE="$(loupe ca path)"
            """
    )

    @OptionGroup var options: CAOptions

    func run() throws {
        print(try options.loadOrCreate().certificateURL.path)
    }
}
