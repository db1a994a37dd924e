import _CryptoExtras
import Crypto
import X509

extension CertificateAuthority {
    /// The kind of key a new CA, and the leaves it signs, are made with.
    public enum KeyType: String, Sendable, CaseIterable {
        /// ECDSA on P-256: small and fast, accepted by every current TLS client. The default.
        case ecdsaP256 = "ecdsa"
        /// RSA with a 2048-bit modulus, for clients that do not accept ECDSA certificates.
        case rsa2048 = "rsa"

        /// How `loupe ca` names it.
        public var displayName: String {
            switch self {
            case .ecdsaP256: "ECDSA P-256"
            case .rsa2048: "RSA 2048"
            }
        }

        /// A new private key of this type and its PEM form, for the key file.
        func newKey() throws(CertificateAuthorityError) -> (key: Certificate.PrivateKey, pem: String) {
            switch self {
            case .ecdsaP256:
                let key = P256.Signing.PrivateKey()
                return (Certificate.PrivateKey(key), key.pemRepresentation)
            case .rsa2048:
                do {
                    let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
                    return (Certificate.PrivateKey(key), key.pemRepresentation)
                } catch {
                    throw .signing("make an RSA 2048 key", error)
                }
            }
        }
    }
}
