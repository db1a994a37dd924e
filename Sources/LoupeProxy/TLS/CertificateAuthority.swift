#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// Loupe's local certificate authority: an ECDSA P-256 root kept in a private folder, which signs
/// a leaf certificate for each host whose TLS the proxy terminates.
///
/// The folder holds `ca.pem` (the certificate, 0644, the file clients are told to trust) and
/// `ca-key.pem` (the PKCS#8 private key, 0600) in a 0700 folder. A key file other users can read
/// is refused; the key never appears in an error, a log line or ``description``.
///
/// ```swift
/// let authority = try CertificateAuthority.loadOrCreate(in: CertificateAuthority.defaultDirectory())
/// print("trust \(authority.certificateURL.path)")       // curl --cacert …
/// let leaf = try authority.issueLeaf(for: "api.example.com")
/// ```
public struct CertificateAuthority: Sendable, CustomStringConvertible {
    /// How long a new CA is valid: about a year.
    static let validity: TimeInterval = 365 * 86_400
    /// The longest validity a leaf gets; Apple's clients refuse server certificates valid longer than 398 days.
    static let leafValidity: TimeInterval = 397 * 86_400
    /// How far `notBefore` is set back, so that a client whose clock is a little behind accepts the certificate.
    static let backdating: TimeInterval = 86_400

    /// The folder holding the CA's files.
    public let directory: URL
    /// The CA certificate in PEM, as written to ``certificateURL``.
    public let certificatePEM: String
    /// The CA certificate in DER, for `loupe ca export --format der`.
    public let certificateDER: [UInt8]
    /// The certificate's subject common name, unique to this install: `Loupe CA <host> <short id>`.
    public let commonName: String
    /// When the CA certificate expires; ``regenerate(in:)`` makes a new one.
    public let notAfter: Date
    /// The CA certificate.
    public let certificate: Certificate
    /// The type of the leaves' key, which follows the CA's: RSA 2048 under an RSA CA, ECDSA
    /// P-256 otherwise.
    public let keyType: KeyType

    private let signingKey: Certificate.PrivateKey
    private let signatureAlgorithm: Certificate.SignatureAlgorithm
    private let keyIdentifier: ArraySlice<UInt8>
    private let sslCertificate: NIOSSLCertificate
    /// One key for every leaf this value issues: generating a key per host would double the cost
    /// of a mint and buy nothing, since the key never leaves the process.
    private let leafKey: Certificate.PrivateKey
    private let sslLeafKey: NIOSSLPrivateKey

    /// The PEM file users pass to `curl --cacert`, `SSL_CERT_FILE` or `NODE_EXTRA_CA_CERTS`.
    public var certificateURL: URL { CertificateAuthorityStore(directory: directory).certificateURL }
    /// The private key's file. Never read it into output: anyone holding it can impersonate any site.
    public var keyURL: URL { CertificateAuthorityStore(directory: directory).keyURL }
    /// When the CA certificate became valid (its creation, set back a day for clock skew).
    public var notBefore: Date { certificate.notValidBefore }
    /// The SHA-256 fingerprint of the certificate, as `openssl x509 -fingerprint -sha256` prints it.
    public var sha256Fingerprint: String {
        SHA256.hash(data: certificateDER).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    public var description: String { "CertificateAuthority(\(commonName), \(certificateURL.path))" }

    /// `2026-11-27 08:30 UTC`: how the CA's messages and `loupe ca` show a date, one a reader can
    /// compare with `date -u`.
    public static func displayDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// Where the CA lives unless told otherwise: `$LOUPE_HOME/ca`, else `$XDG_CONFIG_HOME/loupe/ca`,
    /// else `~/.config/loupe/ca`. Empty or relative variables are ignored, as the XDG spec asks.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        func absolute(_ name: String) -> URL? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        if let home = absolute("LOUPE_HOME") { return home.appendingPathComponent("ca", isDirectory: true) }
        let config = absolute("XDG_CONFIG_HOME")
            ?? (absolute("HOME") ?? FileManager.default.homeDirectoryForCurrentUser).appendingPathComponent(".config", isDirectory: true)
        return config.appendingPathComponent("loupe", isDirectory: true).appendingPathComponent("ca", isDirectory: true)
    }

    /// Whether `directory` holds a CA certificate already (``loadOrCreate(in:)`` would not create one).
    public static func exists(in directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: CertificateAuthorityStore(directory: directory).certificateURL.path)
    }

    /// Loads the CA in `directory`, creating it (and the folder, 0700) on first use.
    ///
    /// - Throws: ``CertificateAuthorityError`` when the key file is readable by other users, the
    ///   files are unreadable, do not belong together or have expired, or the folder cannot be written.
    public static func loadOrCreate(in directory: URL) throws -> CertificateAuthority {
        let store = CertificateAuthorityStore(directory: directory.standardizedFileURL)
        try store.createDirectory()
        return try store.withExclusiveLock { () throws(CertificateAuthorityError) in
            switch try store.read() {
            case .empty:
                return try create(in: store)
            case let .pair(certificatePEM, keyPEM):
                return try CertificateAuthority(store: store, certificatePEM: certificatePEM, keyPEM: keyPEM)
            }
        }
    }

    /// Makes a new key and certificate in `directory`, replacing any there. Clients that trusted
    /// the old certificate, and leaves it signed, stop being trusted until the new one is trusted.
    ///
    /// - Parameter keyType: ECDSA P-256 unless a client needs RSA; the leaves get the same type.
    public static func regenerate(in directory: URL, keyType: KeyType = .ecdsaP256) throws -> CertificateAuthority {
        let store = CertificateAuthorityStore(directory: directory.standardizedFileURL)
        try store.createDirectory()
        return try store.withExclusiveLock { () throws(CertificateAuthorityError) in try create(in: store, keyType: keyType) }
    }

    /// A leaf for `host` (a DNS name gets a DNS SAN, an IPv4/IPv6 literal an IP SAN), signed by this CA.
    ///
    /// CPU-bound (one ECDSA signature, well under a millisecond); callers run it off the event
    /// loop, as ``LeafCertificateCache`` does.
    ///
    /// - Throws: ``CertificateAuthorityError`` when `host` cannot go in a certificate or the CA has expired.
    public func issueLeaf(for host: String) throws -> LeafCertificate {
        try issueLeaf(for: CertificateHost(host), now: Date())
    }

    func issueLeaf(for host: CertificateHost, now: Date) throws(CertificateAuthorityError) -> LeafCertificate {
        guard now < notAfter else { throw .expired(certificateURL, on: notAfter) }
        let notBefore = max(now - Self.backdating, certificate.notValidBefore)
        let notAfter = min(notBefore + Self.leafValidity, self.notAfter)
        do {
            let subject = try DistinguishedName {
                OrganizationName("Loupe")
                // A common name has at most 64 characters; clients read the SAN anyway.
                if host.name.utf8.count <= 64 { CommonName(host.name) }
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([host.generalName])
                AuthorityKeyIdentifier(keyIdentifier: keyIdentifier)
            }
            let leaf = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: leafKey.publicKey,
                notValidBefore: notBefore, notValidAfter: notAfter, issuer: certificate.subject, subject: subject,
                signatureAlgorithm: signatureAlgorithm, extensions: extensions, issuerPrivateKey: signingKey)
            var serializer = DER.Serializer()
            try serializer.serialize(leaf)
            let sslLeaf = try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der)
            return LeafCertificate(host: host.name, certificateChain: [sslLeaf, sslCertificate], privateKey: sslLeafKey,
                                   notAfter: leaf.notValidAfter)
        } catch {
            throw .signing("issue a certificate for \(host.name)", error)
        }
    }

    // MARK: - Creating and loading

    private static func create(in store: CertificateAuthorityStore,
                               keyType: KeyType = .ecdsaP256) throws(CertificateAuthorityError) -> CertificateAuthority {
        let (signingKey, keyPEM) = try keyType.newKey()
        let keyIdentifier = SubjectKeyIdentifier(hash: signingKey.publicKey)
        let now = Date()
        let certificate: Certificate
        do {
            let name = try DistinguishedName {
                OrganizationName("Loupe")
                CommonName(commonName(keyIdentifier: keyIdentifier))
            }
            let extensions = try Certificate.Extensions {
                // pathLen 0: this CA signs leaves only, never another CA.
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                keyIdentifier
            }
            certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: signingKey.publicKey,
                notValidBefore: now - backdating, notValidAfter: now + validity, issuer: name, subject: name,
                signatureAlgorithm: signatureAlgorithm(for: signingKey), extensions: extensions, issuerPrivateKey: signingKey)
        } catch {
            throw .signing("create the CA certificate", error)
        }
        let authority = try CertificateAuthority(store: store, certificate: certificate, signingKey: signingKey)
        try store.write(certificatePEM: authority.certificatePEM, keyPEM: keyPEM)
        return authority
    }

    /// `Loupe CA <host> <short id>`: the short id comes from the key, so a regenerated CA gets a
    /// new name and a trust store can hold both without confusing them.
    private static func commonName(keyIdentifier: SubjectKeyIdentifier) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let host = gethostname(&buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        // The short host name, cut so the whole name fits a common name's 64 characters.
        let shortHost = String(host.split(separator: ".").first ?? "localhost").prefix(40)
        let id = keyIdentifier.keyIdentifier.prefix(4).map { String(format: "%02x", $0) }.joined()
        return "Loupe CA \(shortHost.isEmpty ? "localhost" : shortHost) \(id)"
    }

    /// Reads and checks a CA from its files.
    private init(store: CertificateAuthorityStore, certificatePEM: String, keyPEM: String) throws(CertificateAuthorityError) {
        let certificate: Certificate
        do {
            certificate = try Certificate(pemEncoded: certificatePEM)
        } catch {
            throw .unreadableCertificate(store.certificateURL, reason: Self.shortReason(error))
        }
        let signingKey: Certificate.PrivateKey
        do {
            signingKey = try Certificate.PrivateKey(pemEncoded: keyPEM)
        } catch {
            throw .unreadableKey(store.keyURL)
        }
        guard signingKey.publicKey == certificate.publicKey else {
            throw .mismatchedPair(certificate: store.certificateURL, key: store.keyURL)
        }
        let now = Date()
        guard now < certificate.notValidAfter else { throw .expired(store.certificateURL, on: certificate.notValidAfter) }
        guard now >= certificate.notValidBefore else {
            throw .notYetValid(store.certificateURL, until: certificate.notValidBefore)
        }
        guard case .isCertificateAuthority = try? certificate.extensions.basicConstraints else {
            throw .notACertificateAuthority(store.certificateURL)
        }
        try self.init(store: store, certificate: certificate, signingKey: signingKey)
    }

    private init(store: CertificateAuthorityStore, certificate: Certificate,
                 signingKey: Certificate.PrivateKey) throws(CertificateAuthorityError) {
        do {
            directory = store.directory
            self.certificate = certificate
            self.signingKey = signingKey
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            certificateDER = serializer.serializedBytes
            certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
            commonName = Self.commonName(of: certificate)
            notAfter = certificate.notValidAfter
            signatureAlgorithm = Self.signatureAlgorithm(for: signingKey)
            keyIdentifier = (try? certificate.extensions.subjectKeyIdentifier)?.keyIdentifier
                ?? SubjectKeyIdentifier(hash: certificate.publicKey).keyIdentifier
            sslCertificate = try NIOSSLCertificate(bytes: certificateDER, format: .der)
            keyType = signatureAlgorithm == .sha256WithRSAEncryption ? .rsa2048 : .ecdsaP256
            // Leaves share one key per CA value, of the CA's type: a client that needs an RSA
            // CA needs RSA leaves too.
            let (leafKey, leafKeyPEM) = try keyType.newKey()
            self.leafKey = leafKey
            sslLeafKey = try NIOSSLPrivateKey(bytes: Array(leafKeyPEM.utf8), format: .pem)
        } catch {
            throw .signing("prepare the CA in \(store.directory.path)", error)
        }
    }

    private static func commonName(of certificate: Certificate) -> String {
        for name in certificate.subject {
            for attribute in name where attribute.type == .RDNAttributeType.commonName {
                if let value = String(attribute.value) { return value }
            }
        }
        return certificate.subject.description
    }

    /// ECDSA P-256 or RSA for the CA Loupe makes; a CA a user put in the folder may hold another key type.
    private static func signatureAlgorithm(for key: Certificate.PrivateKey) -> Certificate.SignatureAlgorithm {
        let preferred: [Certificate.SignatureAlgorithm] = [.ecdsaWithSHA256, .sha256WithRSAEncryption, .ed25519]
        let supported = key.supportedSignatureAlgorithms
        return preferred.first(where: supported.contains) ?? supported.first ?? .ecdsaWithSHA256
    }

    /// The first line of a parser's message about the certificate (public data, safe to show),
    /// without the error's type name and the source location swift-asn1 appends.
    private static func shortReason(_ error: any Error) -> String {
        var text = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
        if let location = text.range(of: #"\s+\S+\.swift:\d+$"#, options: .regularExpression) {
            text.removeSubrange(location)
        }
        if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
            text = String(text[colon.upperBound...])
        }
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }
}
