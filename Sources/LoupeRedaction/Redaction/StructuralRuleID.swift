/// The rule ids under which the redactor counts its structural replacements (and the fail-safe),
/// as they appear in placeholders such as `[REDACTED:json-key]` and in ``NetworkEvent/redactions``.
///
/// `Authorization` and `Proxy-Authorization` credentials are counted under the pattern rule named
/// after their scheme instead (`Bearer [REDACTED:bearer-token]`, `Basic [REDACTED:basic-auth]`
/// with the default rules; the lower-cased scheme when no rule is named after it).
public enum StructuralRuleID: String, Sendable, CaseIterable {
    /// The whole value of a sensitive header, or an `Authorization` value without a scheme.
    case header
    /// One cookie value in `Cookie` or `Set-Cookie`.
    case cookie
    /// The value of a sensitive URL query (or fragment) parameter.
    case queryParameter = "query-param"
    /// The value of a sensitive JSON key, whatever its type.
    case jsonKey = "json-key"
    /// The value of a sensitive form field (URL-encoded or multipart).
    case formField = "form-field"
    /// The password of `scheme://user:password@host`.
    case urlUserinfo = "url-userinfo"
    /// A whole value replaced because a rule hit PCRE2's match limits on it: it could not be
    /// proven clean, so it is not kept.
    case unscannable
}
