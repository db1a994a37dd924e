import ArgumentParser

/// `loupe ca`: Loupe's local certificate authority, which signs the certificates the proxy shows
/// clients when it inspects HTTPS.
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show, export or replace the certificate authority Loupe signs HTTPS certificates with.",
        discussion: """
            To read HTTPS, the proxy presents each client a certificate for the host it asked \
            for, signed by Loupe's own certificate authority (CA). A client accepts it only when \
            it trusts that CA. The CA is made on first use: an ECDSA P-256 certificate valid for \
            a year, named `Loupe CA <host> <id>` so it is unique to this install, in a private \
            folder (0700) with its key (0600). A key file other users can read is refused.

            `loupe ca` (the same as `loupe ca show`) says where the CA is and how to trust it in \
            curl, OpenSSL-based tools, Python, Node, Swift and Debian's system store.

            EXAMPLES:
              Where the CA is, and how to trust it:
                loupe ca
              Trust it for one curl command:
                curl --cacert "$(loupe ca path)" -x 127.0.0.1:8080 https://example.com/
              The certificate in DER, for a tool that wants binary:
                loupe ca export --format der -o loupe-ca.der
              A new key and certificate (clients must trust the new one):
                loupe ca regenerate
            """,
        subcommands: [CAShowCommand.self, CAPathCommand.self, CAExportCommand.self, CARegenerateCommand.self],
        defaultSubcommand: CAShowCommand.self
    )
}
