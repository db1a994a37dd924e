import Crypto
import Foundation
import LoupeProxy
import NIOSSL
import SwiftASN1
import Testing
import X509

/// Loupe's CA: how it is stored, what it refuses, and the leaves it signs.
@Suite struct CertificateAuthorityTests {
    // MARK: Storage

    @Test func firstUseCreatesPrivateFilesAndReloadingGivesTheSameCertificate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("config/loupe/ca")
        #expect(!CertificateAuthority.exists(in: directory))

        let created = try CertificateAuthority.loadOrCreate(in: directory)
        #expect(CertificateAuthority.exists(in: directory))
        #expect(try fileMode(of: directory) == 0o700)
        #expect(try fileMode(of: created.keyURL) == 0o600)
        #expect(try fileMode(of: created.certificateURL) == 0o644)
        #expect(created.certificateURL.lastPathComponent == "ca.pem")
        #expect(created.keyURL.lastPathComponent == "ca-key.pem")
        #expect(try String(contentsOf: created.certificateURL, encoding: .utf8) == created.certificatePEM)
        #expect(try String(contentsOf: created.keyURL, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"),
                "the key is PKCS#8")
        // Nothing but the two files: no temporary file was left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["ca-key.pem", "ca.pem"])

        let reloaded = try CertificateAuthority.loadOrCreate(in: directory)
        #expect(reloaded.certificatePEM == created.certificatePEM)
        #expect(reloaded.certificateDER == created.certificateDER)
        #expect(reloaded.commonName == created.commonName)
        #expect(reloaded.notAfter == created.notAfter)
    }

    @Test func theRootIsAnECDSAP256CAWithAUniqueNameValidForAboutAYear() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let certificate = try Certificate(derEncoded: authority.certificateDER)

        #expect(authority.commonName.range(of: #"^Loupe CA \S+ [0-9a-f]{8}$"#, options: .regularExpression) != nil,
                "\(authority.commonName)")
        #expect(certificate.subject == certificate.issuer)
        #expect(P256.Signing.PublicKey(certificate.publicKey) != nil)
        #expect(certificate.signatureAlgorithm == .ecdsaWithSHA256)
        #expect(certificate.publicKey.isValidSignature(certificate.signature, for: certificate))
        let year: TimeInterval = 365 * 86_400
        #expect(abs(certificate.notValidAfter.timeIntervalSinceNow - year) < 3_600)
        #expect(certificate.notValidBefore < Date() - 3_600, "backdated for clocks that are behind")

        let extensions = certificate.extensions
        #expect(try extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(extensions[oid: .X509ExtensionID.basicConstraints]?.critical == true)
        let usage = try #require(try extensions.keyUsage)
        #expect(usage.keyCertSign && usage.cRLSign && !usage.digitalSignature)
        #expect(extensions[oid: .X509ExtensionID.keyUsage]?.critical == true)
        let keyIdentifier = try #require(try extensions.subjectKeyIdentifier)
        #expect(keyIdentifier == SubjectKeyIdentifier(hash: certificate.publicKey))
        #expect(certificate.serialNumber.bytes.count >= 8, "random serial")
    }

    @Test func twoInstallsGetDifferentNamesKeysAndSerials() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try CertificateAuthority.loadOrCreate(in: folder.appending("a"))
        let second = try CertificateAuthority.loadOrCreate(in: folder.appending("b"))
        #expect(first.commonName != second.commonName)
        #expect(first.certificate.publicKey != second.certificate.publicKey)
        #expect(first.certificate.serialNumber != second.certificate.serialNumber)
    }

    @Test func regenerateReplacesTheKeyAndCertificateAndOldLeavesStopVerifying() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let old = try CertificateAuthority.loadOrCreate(in: directory)
        let oldKey = try String(contentsOf: old.keyURL, encoding: .utf8)
        let oldLeaf = try old.issueLeaf(for: "example.test")

        let new = try CertificateAuthority.regenerate(in: directory)
        #expect(new.certificatePEM != old.certificatePEM)
        #expect(new.commonName != old.commonName)
        #expect(try String(contentsOf: new.keyURL, encoding: .utf8) != oldKey)
        #expect(try fileMode(of: new.keyURL) == 0o600)
        #expect(try CertificateAuthority.loadOrCreate(in: directory).certificatePEM == new.certificatePEM)

        #expect(await verify(oldLeaf, against: new, host: "example.test") == false)
        #expect(await verify(try new.issueLeaf(for: "example.test"), against: new, host: "example.test"))
    }

    @Test func regenerateRepairsAFolderThatCannotBeLoaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        try Data("not a certificate".utf8).write(to: authority.certificateURL)
        #expect(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        _ = try CertificateAuthority.regenerate(in: directory)
        _ = try CertificateAuthority.loadOrCreate(in: directory)
    }

    @Test func processesCreatingTheCAAtOnceAllGetTheSameOne() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let certificates = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try CertificateAuthority.loadOrCreate(in: directory).certificatePEM }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(certificates.count == 1)
    }

    // MARK: What is refused

    @Test func aKeyFileOthersCanReadIsRefusedWithTheCommandThatFixesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: authority.keyURL.path)

        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        #expect(error.kind == .keyFileNotPrivate)
        #expect(error.message.contains(authority.keyURL.path))
        #expect(error.message.contains("chmod 600 \(authority.keyURL.path)"), "\(error.message)")
        #expect(error.message.contains("0644"))
        try expectNoKeyMaterial(in: error.message, keyFile: authority.keyURL)

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: authority.keyURL.path)
        #expect(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: authority.keyURL.path)
        #expect(try CertificateAuthority.loadOrCreate(in: directory).certificatePEM == authority.certificatePEM)
    }

    @Test(arguments: ["ca.pem", "ca-key.pem"])
    func anUnreadableFileAsksForRegenerateAndNeverQuotesTheKey(_ file: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        let keyCopy = folder.appending("key-copy.pem")
        try FileManager.default.copyItem(at: authority.keyURL, to: keyCopy)
        let target = directory.appendingPathComponent(file)
        // A damaged file: the key's own PEM cut in half, so a parser that quoted its input would leak it.
        let original = try String(contentsOf: target, encoding: .utf8)
        try Data(original.prefix(original.count / 2).utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)

        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        #expect(error.kind == .unreadableFile)
        #expect(error.message.contains(target.path))
        #expect(error.message.contains("loupe ca regenerate"), "\(error.message)")
        try expectNoKeyMaterial(in: error.message, keyFile: keyCopy)
        try expectNoKeyMaterial(in: String(describing: error), keyFile: keyCopy)
        try expectNoKeyMaterial(in: error.localizedDescription, keyFile: keyCopy)
    }

    @Test func aKeyFromAnotherCAIsAMismatchedPair() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try CertificateAuthority.loadOrCreate(in: folder.appending("a"))
        let second = try CertificateAuthority.loadOrCreate(in: folder.appending("b"))
        try FileManager.default.removeItem(at: first.keyURL)
        try FileManager.default.copyItem(at: second.keyURL, to: first.keyURL)

        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: first.directory) }
        #expect(error.kind == .mismatchedPair)
        #expect(error.message.contains("does not belong to the certificate"))
        #expect(error.message.contains("loupe ca regenerate"))
        try expectNoKeyMaterial(in: error.message, keyFile: second.keyURL)
    }

    @Test func anExpiredCAIsRefusedWithRegenerate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        // The same key and name, re-signed with a validity that ended yesterday.
        let key = try Certificate.PrivateKey(pemEncoded: String(contentsOf: authority.keyURL, encoding: .utf8))
        let expired = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: key.publicKey,
            notValidBefore: Date() - 30 * 86_400, notValidAfter: Date() - 86_400,
            issuer: authority.certificate.subject, subject: authority.certificate.subject,
            signatureAlgorithm: .ecdsaWithSHA256, extensions: authority.certificate.extensions, issuerPrivateKey: key)
        try Data(expired.serializeAsPEM().pemString.utf8).write(to: authority.certificateURL)

        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        #expect(error.kind == .outsideValidity)
        #expect(error.message.contains("expired on"))
        #expect(error.message.contains("loupe ca regenerate"))
    }

    @Test func aCertificateWithoutItsKeyIsAnIncompletePair() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.appending("ca")
        let authority = try CertificateAuthority.loadOrCreate(in: directory)
        try FileManager.default.removeItem(at: authority.keyURL)
        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: directory) }
        #expect(error.kind == .incompletePair)
        #expect(error.message.contains("ca-key.pem does not"))
        #expect(error.message.contains("loupe ca regenerate"))
    }

    @Test func aFolderThatIsAFileIsAnErrorSentence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.appending("file")
        try Data("x".utf8).write(to: file)
        let error = try #require(throws: CertificateAuthorityError.self) { try CertificateAuthority.loadOrCreate(in: file) }
        #expect(error.kind == .fileSystem)
        #expect(error.message.hasPrefix("Could not create the CA folder \(file.path)"), "\(error.message)")
    }

    @Test func descriptionsNameTheCAButNeverItsKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let leaf = try authority.issueLeaf(for: "example.test")
        #expect(String(describing: authority).contains(authority.commonName))
        #expect(String(describing: leaf).contains("example.test"))
        try expectNoKeyMaterial(in: String(describing: authority) + String(describing: leaf), keyFile: authority.keyURL)
    }

    // MARK: Where it lives

    @Test func theDefaultFolderFollowsLoupeHomeThenXDGConfigHomeThenHome() {
        #expect(CertificateAuthority.defaultDirectory(environment: ["LOUPE_HOME": "/srv/loupe", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])
            .path == "/srv/loupe/ca")
        #expect(CertificateAuthority.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).path == "/x/loupe/ca")
        #expect(CertificateAuthority.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.config/loupe/ca")
        // Empty or relative values are ignored.
        #expect(CertificateAuthority.defaultDirectory(environment: ["LOUPE_HOME": "", "XDG_CONFIG_HOME": "rel", "HOME": "/h"])
            .path == "/h/.config/loupe/ca")
    }

    // MARK: Leaves

    @Test(arguments: ["example.test", "127.0.0.1", "::1"])
    func aLeafVerifiesAgainstTheCAForItsHost(_ host: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let leaf = try authority.issueLeaf(for: host)
        #expect(leaf.host == host)
        #expect(leaf.certificateChain.count == 2)
        #expect(try leaf.certificateChain[1].toDERBytes() == authority.certificateDER, "the chain ends with the CA")
        #expect(await verify(leaf, against: authority, host: host))
        #expect(await verify(leaf, against: authority, host: host == "example.test" ? "other.test" : "10.0.0.1") == false,
                "the leaf is for its host only")

        let certificate = try Certificate(derEncoded: leaf.certificateChain[0].toDERBytes())
        let extensions = certificate.extensions
        #expect(try extensions.basicConstraints == .notCertificateAuthority)
        let usage = try #require(try extensions.keyUsage)
        #expect(usage.digitalSignature && !usage.keyCertSign)
        #expect(try extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        let names = try #require(try extensions.subjectAlternativeNames)
        if host == "example.test" {
            #expect(Array(names) == [.dnsName("example.test")])
        } else {
            guard case .ipAddress(let address) = names.first else { Issue.record("no IP SAN: \(names)"); return }
            #expect(address.bytes.count == (host.contains(":") ? 16 : 4))
        }
        let authorityKey = try #require(try extensions.authorityKeyIdentifier)
        #expect(authorityKey.keyIdentifier == (try authority.certificate.extensions.subjectKeyIdentifier?.keyIdentifier))
        #expect(certificate.issuer == authority.certificate.subject)
        #expect(certificate.notValidAfter <= authority.notAfter)
        #expect(certificate.notValidAfter.timeIntervalSince(certificate.notValidBefore) <= 397 * 86_400)
        #expect(certificate.notValidBefore <= Date() - 3_600, "backdated for clocks that are behind")
        #expect(leaf.notAfter == certificate.notValidAfter)
    }

    @Test(.enabled(if: toolIsInstalled("openssl")), arguments: ["example.test", "127.0.0.1", "::1"])
    func opensslVerifiesALeafAgainstTheCAFile(_ host: String) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let leaf = try authority.issueLeaf(for: host)
        let leafFile = folder.appending("leaf.pem")
        let certificate = try Certificate(derEncoded: leaf.certificateChain[0].toDERBytes())
        try Data(certificate.serializeAsPEM().pemString.utf8).write(to: leafFile)

        let check = host == "example.test" ? ["-verify_hostname", host] : ["-verify_ip", host]
        let result = try #require(try await runTool("openssl", ["verify", "-CAfile", authority.certificateURL.path,
                                                                "-purpose", "sslserver"] + check + [leafFile.path]))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("OK"))

        let other = try CertificateAuthority.loadOrCreate(in: folder.appending("other"))
        let untrusted = try #require(try await runTool("openssl", ["verify", "-CAfile", other.certificateURL.path, leafFile.path]))
        #expect(untrusted.status != 0, "a leaf is not trusted through another CA")
    }

    @Test func hostsAreNormalizedBeforeTheyGoInACertificate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        #expect(try authority.issueLeaf(for: "API.Example.TEST.").host == "api.example.test")
        #expect(try authority.issueLeaf(for: "[::1]").host == "::1")
        #expect(try authority.issueLeaf(for: "0:0:0:0:0:0:0:1").host == "::1")
        #expect(try authority.issueLeaf(for: "fe80::1%eth0").host == "fe80::1")
        #expect(try authority.issueLeaf(for: "_dmarc.example.test").host == "_dmarc.example.test")
        let long = String(repeating: "a", count: 60) + ".example.test"
        #expect(try authority.issueLeaf(for: long).host == long, "a name longer than a common name still gets a SAN")
    }

    @Test(arguments: ["", "exa mple.test", "a..b", "bücher.de", String(repeating: "a", count: 64) + ".test"])
    func aHostThatCannotGoInACertificateIsRefusedWithASentence(_ host: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let error = try #require(throws: CertificateAuthorityError.self) { try authority.issueLeaf(for: host) }
        #expect(error.kind == .invalidHost)
        #expect(error.message.hasPrefix("Cannot issue a certificate for '\(host)': "))
    }

    @Test func leavesGetRandomSerialsAndShareTheKeyOfTheirCAValue() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let first = try authority.issueLeaf(for: "a.test")
        let second = try authority.issueLeaf(for: "a.test")
        #expect(first.certificateChain[0].serialNumber != second.certificateChain[0].serialNumber)
        #expect(first.privateKey == second.privateKey)
    }
}

/// The mode bits of a file or folder.
func fileMode(of url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1) & 0o777
}

/// Fails when `text` holds any line of the key file's base64 body.
func expectNoKeyMaterial(in text: String, keyFile: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let body = try String(contentsOf: keyFile, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("-----") }
    #expect(!body.isEmpty, sourceLocation: sourceLocation)
    for line in body where line.count >= 16 {
        #expect(!text.contains(line.prefix(16)), "the key appears in: \(text.prefix(80))…", sourceLocation: sourceLocation)
    }
}

/// Whether swift-certificates' verifier accepts `leaf` for `host` (a name or an IP) with only
/// `authority` as a root, as a TLS client would.
func verify(_ leaf: LeafCertificate, against authority: CertificateAuthority, host: String) async -> Bool {
    guard let certificate = try? Certificate(derEncoded: leaf.certificateChain[0].toDERBytes()) else { return false }
    let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    var verifier = Verifier(rootCertificates: CertificateStore([authority.certificate])) {
        RFC5280Policy(validationTime: Date())
        ServerIdentityPolicy(serverHostname: isAddress ? nil : host, serverIP: isAddress ? host : nil)
    }
    let result = await verifier.validate(leaf: certificate, intermediates: CertificateStore())
    if case .validCertificate = result { return true }
    return false
}
