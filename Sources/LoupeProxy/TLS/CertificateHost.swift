#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftASN1
import X509

/// A host a leaf certificate is issued for, in the one spelling the leaf cache keys by: a DNS name
/// in lower case without a trailing dot, or an IP address in its canonical text form (IPv6
/// without brackets or zone).
struct CertificateHost: Hashable, Sendable {
    /// The normalized host: `example.test`, `127.0.0.1`, `::1`.
    let name: String
    /// The subject alternative name that makes a client accept the leaf for this host.
    let generalName: GeneralName

    /// Reads a DNS name or an IPv4/IPv6 literal (`[::1]` and `fe80::1%eth0` too).
    init(_ text: String) throws(CertificateAuthorityError) {
        var host = Substring(text)
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if let address = Self.ipAddress(String(host)) {
            name = address.text
            generalName = .ipAddress(ASN1OctetString(contentBytes: ArraySlice(address.bytes)))
            return
        }
        if host.hasSuffix(".") { host = host.dropLast() }
        let dnsName = host.lowercased()
        try Self.validate(dnsName, as: text)
        name = dnsName
        generalName = .dnsName(dnsName)
    }

    /// The address's network-order bytes and canonical text, nil when `text` is no IP literal.
    private static func ipAddress(_ text: String) -> (bytes: [UInt8], text: String)? {
        var ipv4 = in_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 {
            return canonical(withUnsafeBytes(of: ipv4) { Array($0) }, family: AF_INET)
        }
        // A zone (`%eth0`) names an interface on this machine; certificates carry only the address.
        let address = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
        var ipv6 = in6_addr()
        guard address.contains(":"), inet_pton(AF_INET6, address, &ipv6) == 1 else { return nil }
        return canonical(withUnsafeBytes(of: ipv6) { Array($0) }, family: AF_INET6)
    }

    private static func canonical(_ bytes: [UInt8], family: Int32) -> (bytes: [UInt8], text: String)? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return nil }
        return (bytes, String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// RFC 1035 lengths, and the characters a certificate's DNS name (an IA5String) may hold.
    private static func validate(_ name: String, as original: String) throws(CertificateAuthorityError) {
        guard !name.isEmpty else { throw .invalidHost(original, "the host name is empty") }
        guard name.utf8.count <= 253 else { throw .invalidHost(original, "a host name has at most 253 characters") }
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw .invalidHost(original, "a host name has no empty labels (two dots in a row)") }
            guard label.utf8.count <= 63 else {
                throw .invalidHost(original, "each dot-separated label of a host name has at most 63 characters")
            }
            let allowed = label.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
            guard allowed else {
                throw .invalidHost(original, "a host name holds only ASCII letters, digits, '-', '_' and dots "
                                       + "(an international name goes in its xn-- form)")
            }
        }
    }
}
