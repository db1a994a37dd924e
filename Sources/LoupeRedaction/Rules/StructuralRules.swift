/// Names whose values are secret whatever they look like: the structural half of redaction,
/// applied before any pattern rule. Every name is compared case-insensitively; JSON keys and form
/// fields also ignore `_`, `-` and `.` so `accessToken`, `access_token` and `Access-Token` are one.
public struct StructuralRules: Sendable, Hashable {
    /// Header names whose whole value is replaced (`Authorization` keeps its scheme).
    public var headerNames: Set<String>
    /// Cookie names whose values are replaced in `Cookie` and `Set-Cookie`; `*` means every cookie.
    public var cookieNames: Set<String>
    /// URL query parameter names whose values are replaced.
    public var queryParameters: Set<String>
    /// JSON object keys whose values (strings, numbers, or whole sub-trees) are replaced.
    public var jsonKeys: Set<String>
    /// `application/x-www-form-urlencoded` and multipart field names whose values are replaced.
    public var formFields: Set<String>
    /// Every header, query, JSON key and form field name as it was spelled (lower-cased, separators
    /// kept), from which ``NamedValueRules`` finds these names' values inside plain text too.
    public var spellings: Set<String>

    public init(headerNames: Set<String> = [], cookieNames: Set<String> = [], queryParameters: Set<String> = [],
                jsonKeys: Set<String> = [], formFields: Set<String> = []) {
        self.headerNames = Set(headerNames.map(Self.normalizedHeader))
        self.cookieNames = Set(cookieNames.map(Self.normalizedHeader))
        self.queryParameters = Set(queryParameters.map(Self.normalizedKey))
        self.jsonKeys = Set(jsonKeys.map(Self.normalizedKey))
        self.formFields = Set(formFields.map(Self.normalizedKey))
        spellings = Set([headerNames, queryParameters, jsonKeys, formFields].joined().map { $0.lowercased() })
    }

    /// Header and cookie names compare ASCII case-insensitively.
    public static func normalizedHeader(_ name: String) -> String { name.lowercased() }

    /// Keys compare case- and style-insensitively: lower-cased, without `_`, `-`, `.` and spaces.
    public static func normalizedKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"_-. ".unicodeScalars.contains($0) })
    }

    /// Adds the names of `other` to these (rule files merge this way).
    public mutating func formUnion(_ other: StructuralRules) {
        headerNames.formUnion(other.headerNames)
        cookieNames.formUnion(other.cookieNames)
        queryParameters.formUnion(other.queryParameters)
        jsonKeys.formUnion(other.jsonKeys)
        formFields.formUnion(other.formFields)
        spellings.formUnion(other.spellings)
    }
}
