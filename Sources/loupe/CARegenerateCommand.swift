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

            The key is ECDSA P-256 unless --key rsa asks for RSA 2048, for clients that do not \
            accept ECDSA certificates (some older TLS stacks and appliances); the leaves the \
            proxy makes get the same type.

            EXAMPLES:
              loupe ca regenerate
              loupe ca regenerate --key rsa
              loupe ca regenerate --dir ./test-ca
            """
    )

    @OptionGroup var options: CAOptions

    @Option(help: "The key type: ecdsa (P-256, the default) or rsa (2048 bits, for clients that need RSA).")
    var key: CertificateAuthority.KeyType = .ecdsaP256

    func run() throws {
        let authority: CertificateAuthority
        do {
            authority = try CertificateAuthority.regenerate(in: options.directoryURL, keyType: key)
        } catch {
            throw Terminal.fail("\(error)")
        }
        let path = CAShowCommand.shellQuoted(authority.certificateURL.path)
        print("""
            Made a new certificate authority, \(authority.commonName) (\(authority.keyType.displayName)), valid until \(CertificateAuthority.displayDate(authority.notAfter)):
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

extension CertificateAuthority.KeyType: ExpressibleByArgument {}
