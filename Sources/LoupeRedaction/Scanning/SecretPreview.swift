/// The masked form in which scan reports show a secret: enough to recognize which credential
/// leaked, never enough to use it.
///
/// Secrets of fewer than 8 characters show as `****`. Longer ones show their first characters
/// (a quarter of the length, at most 4), an ellipsis and the length: `AKIA…(20 chars)`. Control
/// characters in the shown prefix are replaced by `?` so a preview cannot break a report line.
public enum SecretPreview {
    /// Secrets shorter than this show no characters at all.
    public static let minimumLengthToShowPrefix = 8
    /// The most characters a preview ever shows.
    public static let maximumShownCharacters = 4

    /// The preview of `secret`.
    public static func masked(_ secret: String) -> String {
        let characters = Array(secret)
        guard characters.count >= minimumLengthToShowPrefix else { return "****" }
        let shown = min(maximumShownCharacters, characters.count / 4)
        let prefix = characters.prefix(shown).map { character in
            character.unicodeScalars.contains(where: isInvisible) ? "?" : String(character)
        }.joined()
        return "\(prefix)…(\(characters.count) chars)"
    }

    /// The preview of the UTF-8 bytes `secret` (invalid sequences count as one `�` each).
    public static func masked(_ secret: some Collection<UInt8>) -> String {
        masked(String(decoding: secret, as: UTF8.self))
    }

    /// Controls, format characters and line or paragraph separators: nothing a report line may hold.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
