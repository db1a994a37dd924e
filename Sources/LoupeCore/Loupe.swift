/// Facts about this build of Loupe.
public enum Loupe {
    /// The version printed by `loupe --version` and written into exports.
    public static let version = "0.1.0"
}
