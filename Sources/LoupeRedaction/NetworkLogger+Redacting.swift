import Logging
import LoupeCore

extension NetworkLogger.Configuration {
    /// A configuration whose redactor is a ``Redactor`` over `ruleSet`: the configuration every
    /// Loupe entry point (proxy, client, console, demo) builds its logger with, so nothing is
    /// stored unredacted.
    ///
    /// ```swift
    /// let logger = NetworkLogger(configuration: .redacting())
    /// let strict = NetworkLogger(configuration: .redacting(ruleSet: try .load(directories: [rulesURL]), style: .hash))
    /// ```
    ///
    /// - Parameters:
    ///   - ruleSet: The rules; the built-in default set unless given.
    ///   - style: Overrides every rule's replacement style.
    ///   - hashKey: The key of the `hash` style (`LOUPE_HASH_KEY` or a per-process random key).
    ///   - Other parameters are those of ``NetworkLogger/Configuration/init(maxEvents:maxBytes:captureFilter:redactor:subscriberBufferSize:logger:)``.
    public static func redacting(
        ruleSet: RuleSet = .builtIn,
        style: RedactionRule.ReplacementStyle? = nil,
        hashKey: RedactionHashKey = .fromEnvironment(),
        maxEvents: Int = 10_000,
        maxBytes: Int = 64 * 1024 * 1024,
        captureFilter: EventFilter = .all,
        subscriberBufferSize: Int = 1_024,
        logger: Logger = Logger(label: "loupe.logger")
    ) -> Self {
        var redactorLogger = logger
        redactorLogger[metadataKey: "component"] = "redactor"
        return Self(
            maxEvents: maxEvents, maxBytes: maxBytes, captureFilter: captureFilter,
            redactor: Redactor(ruleSet: ruleSet, style: style, hashKey: hashKey, logger: redactorLogger),
            subscriberBufferSize: subscriberBufferSize, logger: logger)
    }
}
