import ArgumentParser
import Foundation
import LoupeProxy

/// `loupe ca` / `loupe ca show`: where the CA is, and how to make each kind of client trust it.
struct CAShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Say where the CA is and how to trust it (creates it on first use).",
        discussion: """
            Prints the certificate's path, name, expiry and fingerprint, then how to trust it in \
            curl, OpenSSL-based tools, Python requests, Node, Swift (AsyncHTTPClient) and \
            Debian's system store, how to remove it again, and what holding its key allows.

            EXAMPLES:
              loupe ca
              loupe ca --dir ./test-ca
            """
    )

    @OptionGroup var options: CAOptions

    func run() throws {
        let existed = CertificateAuthority.exists(in: options.directoryURL)
        let authority = try options.loadOrCreate()
        print(Self.guide(for: authority, created: !existed, color: Terminal.colorEnabled()))
    }

    /// The whole text: facts about the CA, then one way to trust it per kind of client.
    static func guide(for authority: CertificateAuthority, created: Bool, color: Bool) -> String {
        let path = authority.certificateURL.path
        let quoted = shellQuoted(path)
        let days = Int((authority.notAfter.timeIntervalSinceNow / 86_400).rounded())
        func heading(_ text: String) -> String { Terminal.paint(text, .bold, enabled: color) }
        var lines = [
            heading(created ? "Loupe made its certificate authority (CA):" : "Loupe's certificate authority (CA):"),
            "  certificate  \(path)",
            "  name         \(authority.commonName)",
            "  key type     \(authority.keyType.displayName)"
                + (authority.keyType == .ecdsaP256 ? " (`loupe ca regenerate --key rsa` for clients that need RSA)" : ""),
            "  expires      \(CertificateAuthority.displayDate(authority.notAfter)) (in \(days) day\(days == 1 ? "" : "s"))",
            "  SHA-256      \(authority.sha256Fingerprint)",
            "  private key  \(authority.keyURL.path) (only you can read it; never share it)",
        ]
        if days < 30 {
            lines.append(Terminal.paint("  It expires soon: `loupe ca regenerate` makes a new one, which clients must then trust.",
                                        .yellow, enabled: color))
        }
        lines += [
            "",
            heading("Trust it in the client whose HTTPS you want to read"),
            heading("(and run the proxy with `loupe proxy --intercept`):"),
            "  curl                 curl --cacert \(quoted) -x http://127.0.0.1:8080 https://example.com/",
            "  OpenSSL-based tools  export SSL_CERT_FILE=\(quoted)",
            "  Python requests      export REQUESTS_CA_BUNDLE=\(quoted)",
            "  Node.js              export NODE_EXTRA_CA_CERTS=\(quoted)",
            "  Swift (AsyncHTTPClient):",
            "      var tls = TLSConfiguration.makeClientConfiguration()",
            "      tls.additionalTrustRoots = [.file(\"\(path)\")]",
            "      let client = HTTPClient(configuration: .init(tlsConfiguration: tls,",
            "                                                   proxy: .server(host: \"127.0.0.1\", port: 8080)))",
            "  curl --cacert, SSL_CERT_FILE and REQUESTS_CA_BUNDLE replace the system's CAs, so hosts the",
            "  proxy does not decrypt stop verifying; to keep both, trust a bundle of the two:",
            "      cat /etc/ssl/certs/ca-certificates.crt \(quoted) > loupe-bundle.pem",
            "",
            heading("Or trust it for every program on this machine (Debian, Ubuntu):"),
            "      sudo cp \(quoted) /usr/local/share/ca-certificates/loupe-ca.crt",
            "      sudo update-ca-certificates",
            "  To remove it again:",
            "      sudo rm /usr/local/share/ca-certificates/loupe-ca.crt",
            "      sudo update-ca-certificates --fresh",
            "",
            heading("Security:"),
            "  Anyone who has the key \(authority.keyURL.path) can impersonate any website",
            "  to every client that trusts this CA. Loupe keeps it readable by you alone (mode 0600) and",
            "  never prints or exports it; do not copy, commit or share it, and trust the CA only where",
            "  you debug. To remove the CA: undo the trust steps above, then delete its folder",
            "      rm -r \(shellQuoted(authority.directory.path))",
            "  (`loupe ca regenerate` replaces the key and certificate instead).",
        ]
        return lines.joined(separator: "\n")
    }


    /// The path as a shell reads it: bare when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "/._-+:,@%=".unicodeScalars.contains(scalar)
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
