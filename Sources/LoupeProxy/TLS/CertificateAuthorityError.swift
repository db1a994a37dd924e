#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why Loupe's certificate authority could not be loaded, created or used, as one sentence that
/// says what to do.
///
/// No message ever holds key material: a key file is named by its path, never quoted.
///
/// ```swift
/// do {
///     _ = try CertificateAuthority.loadOrCreate(in: CertificateAuthority.defaultDirectory())
/// } catch let error as CertificateAuthorityError {
///     print(error)  // The CA key /home/ann/.config/loupe/ca/ca-key.pem can be read by other users …
/// }
/// ```
public struct CertificateAuthorityError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong, for callers that react differently to each case.
    public enum Kind: String, Sendable, Hashable {
        /// The key file has group or other permission bits.
        case keyFileNotPrivate
        /// The certificate or key file is not a PEM document Loupe can read.
        case unreadableFile
        /// Only one of the certificate and the key exists.
        case incompletePair
        /// The key does not belong to the certificate.
        case mismatchedPair
        /// The certificate has expired or is not valid yet.
        case outsideValidity
        /// The certificate may not sign other certificates.
        case notACertificateAuthority
        /// A folder or file could not be created, read or written.
        case fileSystem
        /// The host a leaf was asked for cannot go in a certificate.
        case invalidHost
        /// swift-certificates refused to build or sign a certificate.
        case signing
    }

    /// What went wrong.
    public let kind: Kind
    /// The sentence shown to the user.
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

extension CertificateAuthorityError {
    static let regenerateHint = "run `loupe ca regenerate` to make a new CA (clients must then trust the new certificate)"

    static func keyFileNotPrivate(_ key: URL, mode: mode_t) -> Self {
        Self(.keyFileNotPrivate,
             "The CA key \(key.path) can be read by other users (mode \(String(format: "%04o", Int(mode & 0o777)))). "
                 + "Run `chmod 600 \(key.path)` so only you can read it; if someone else may have copied it, "
                 + "run `loupe ca regenerate` too.")
    }

    static func unreadableCertificate(_ certificate: URL, reason: String) -> Self {
        Self(.unreadableFile, "The CA certificate \(certificate.path) is not a PEM certificate Loupe can read (\(reason)); "
                 + regenerateHint + ".")
    }

    /// The key's parse error is left out on purpose: a parser's message may quote the bytes it read.
    static func unreadableKey(_ key: URL) -> Self {
        Self(.unreadableFile, "The CA key \(key.path) is not a PEM private key Loupe can read; " + regenerateHint + ".")
    }

    static func incompletePair(present: URL, missing: URL) -> Self {
        Self(.incompletePair, "\(present.path) exists but \(missing.path) does not; " + regenerateHint + ".")
    }

    static func mismatchedPair(certificate: URL, key: URL) -> Self {
        Self(.mismatchedPair, "The CA key \(key.path) does not belong to the certificate \(certificate.path); "
                 + regenerateHint + ".")
    }

    static func expired(_ certificate: URL, on date: Date) -> Self {
        Self(.outsideValidity, "The CA certificate \(certificate.path) expired on \(CertificateAuthority.displayDate(date)); " + regenerateHint + ".")
    }

    static func notYetValid(_ certificate: URL, until date: Date) -> Self {
        Self(.outsideValidity, "The CA certificate \(certificate.path) is not valid until \(CertificateAuthority.displayDate(date)); "
                 + "check this machine's clock, or " + regenerateHint + ".")
    }

    static func notACertificateAuthority(_ certificate: URL) -> Self {
        Self(.notACertificateAuthority, "The certificate \(certificate.path) may not sign other certificates "
                 + "(it lacks basicConstraints CA:true); " + regenerateHint + ".")
    }

    static func fileSystem(_ action: String, _ url: URL, errno code: Int32) -> Self {
        Self(.fileSystem, "Could not \(action) \(url.path): \(String(cString: strerror(code))).")
    }

    static func invalidHost(_ host: String, _ reason: String) -> Self {
        Self(.invalidHost, "Cannot issue a certificate for '\(host)': \(reason).")
    }

    /// swift-certificates' errors describe certificate structure, never key bytes.
    static func signing(_ what: String, _ error: any Error) -> Self {
        Self(.signing, "Could not \(what): \(error).")
    }

}
