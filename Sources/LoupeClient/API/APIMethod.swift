/// An HTTP request method, as an ``APIEndpoint`` declares it.
public struct APIMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method name as sent, upper case.
    public let rawValue: String

    /// A method by name; the name is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// `GET`.
    public static let get = APIMethod(rawValue: "GET")
    /// `HEAD`.
    public static let head = APIMethod(rawValue: "HEAD")
    /// `POST`.
    public static let post = APIMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = APIMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = APIMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = APIMethod(rawValue: "DELETE")
    /// `OPTIONS`.
    public static let options = APIMethod(rawValue: "OPTIONS")

    /// Whether RFC 9110 (§9.2.2) defines the method as idempotent, so sending it twice has the
    /// effect of sending it once: GET, HEAD, PUT, DELETE, OPTIONS, TRACE.
    public var isIdempotent: Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
    }

    public var description: String { rawValue }
}
