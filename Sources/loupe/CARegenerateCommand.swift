import ArgumentParser
import LoupeProxy

/// `loupe ca regenerate`: a new key and certificate in place of the old ones.
struct CARegenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regenerate",
        abstract: "Replace the CA with a new key and certificate; clients must trust the new one.",
        discussion: """
            Use it when the CA has expired, its files are damaged, or its key may have been seen \
            by someone else. The old key and certificate are overwritten; every client that \
            trusted the old certificate stops trusting the proxy until it trusts the new one.

            EXAMPLES:
              loupe ca regenerate
              loupe ca regenerate --dir ./test-ca
            """
    )

    @OptionGroup var options: CAOptions

    func run() throws {
        let authority: CertificateAuthority
        do {
            authority = try CertificateAuthority.regenerate(in: options.directoryURL)
        } catch {
            throw Terminal.fail("\(error)")
        }
        let path = CAShowCommand.shellQuoted(authority.certificateURL.path)
        print("""
            Made a new certificate authority, \(authority.commonName), valid until \(CertificateAuthority.displayDate(authority.notAfter)):
              certificate  \(authority.certificateURL.path)
              SHA-256      \(authority.sha256Fingerprint)
            The old key and certificate are gone: clients that trusted the old certificate no longer \
            trust the proxy's certificates. Trust the new one the same way (`loupe ca` shows how); if \
            you installed the old one system-wide, install the new one over it:
                sudo cp \(path) /usr/local/share/ca-certificates/loupe-ca.crt && sudo update-ca-certificates
            A running `loupe proxy` keeps using the old CA until it is restarted.
            """)
    }
}
