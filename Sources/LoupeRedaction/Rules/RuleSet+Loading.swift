import Crypto
import Foundation

extension RuleSet {
    /// The environment variable naming extra rule directories, separated by colons.
    public static let rulesEnvironmentVariable = "LOUPE_RULES"

    /// The display path of an embedded default file: where it lives in the source tree.
    static func builtInPath(_ name: String) -> String { "rules/\(name)" }

    /// The default rule set embedded in the binary, loaded and compiled once on first use.
    /// It ignores `LOUPE_RULES`; use ``load(directories:includeDefaults:environment:)`` for the
    /// configurable set.
    ///
    /// The embedded files are constant data that `RuleExamplesTests` loads on every `make test`,
    /// so a failure here is a build defect rather than a runtime condition; trapping with the
    /// loader's message keeps every caller (the default redactor among them) free of an error it
    /// could never handle.
    public static let builtIn: RuleSet = {
        do {
            return try load(includeDefaults: true, environment: [:])
        } catch {
            fatalError("the built-in rule files are broken: \(error); fix rules/ and run `python3 scripts/embed-rules.py`")
        }
    }()

    /// Loads a rule set: the built-in default files first (when `includeDefaults`), then every
    /// directory of `LOUPE_RULES` in `environment` (colon-separated), then `directories`, each
    /// directory's `*.toml` files in name order. A directory entry may also name one `.toml` file.
    ///
    /// A rule whose id was already loaded replaces the earlier one in its place, so a user file
    /// can retune a default rule without reordering the set; structural names accumulate. Command
    /// line directories come last so they win over the environment, which wins over the defaults.
    ///
    /// - Throws: ``RuleFileError`` for a missing directory, a directory without `.toml` files,
    ///   or the first problem in any file.
    public static func load(directories: [URL] = [], includeDefaults: Bool = true,
                            environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(RuleFileError) -> RuleSet
    {
        var sources: [(path: String, data: Data)] = []
        if includeDefaults {
            sources += DefaultRuleFiles.files.map { (builtInPath($0.name), Data($0.contents.utf8)) }
        }
        let defaultCount = sources.count
        let fromEnvironment = (environment[rulesEnvironmentVariable] ?? "")
            .split(separator: ":", omittingEmptySubsequences: true)
            .map { URL(fileURLWithPath: String($0)) }
        for directory in fromEnvironment {
            sources += try ruleFiles(in: directory, origin: " (from \(rulesEnvironmentVariable))")
        }
        for directory in directories {
            sources += try ruleFiles(in: directory, origin: "")
        }

        var files: [RuleFile] = []
        // Fragments carry over from file to file: a user file can use the defaults' separators.
        var fragments: [String: String] = [:]
        for (index, source) in sources.enumerated() {
            let text = try RuleFileLoader.decodeUTF8(source.data, path: source.path)
            var file = try RuleFileLoader.parse(text, path: source.path, fragments: fragments)
            fragments.merge(file.fragments) { _, later in later }
            if index < defaultCount {
                for rule in file.rules.indices { file.rules[rule].builtInPattern = file.rules[rule].pattern }
            }
            files.append(file)
        }

        var hasher = SHA256()
        for source in sources { hasher.update(data: source.data) }
        let sha256 = hasher.finalize().lowercaseHex
        let extra = sources.count - defaultCount
        let name = (includeDefaults ? "default" : "custom") + (includeDefaults && extra == 0 ? "" : "+\(extra)")
        return merging(files, sha256: sha256, id: "\(name)@\(sha256.prefix(8))")
    }

    /// Combines files in order: a later rule with an existing id replaces it in place. The rules
    /// ``NamedValueRules`` makes from the merged structural names come last.
    static func merging(_ files: [RuleFile], sha256: String, id: String) -> RuleSet {
        var rules: [RedactionRule] = []
        var indexByID: [String: Int] = [:]
        var structural = StructuralRules()
        for file in files {
            for rule in file.rules {
                if let index = indexByID[rule.id] {
                    rules[index] = rule
                } else {
                    indexByID[rule.id] = rules.count
                    rules.append(rule)
                }
            }
            structural.formUnion(file.structural)
        }
        // The structural names' values inside text, unless a file already defines such a rule.
        rules += NamedValueRules.rules(for: structural).filter { indexByID[$0.id] == nil }
        return RuleSet(rules: rules, structural: structural, sha256: sha256, id: id)
    }

    /// The `.toml` files of `directory` in name order with their bytes, or the file itself when
    /// `directory` names one. `origin` says where the directory came from, for the error.
    private static func ruleFiles(in directory: URL, origin: String) throws(RuleFileError) -> [(path: String, data: Data)] {
        let displayPath = directory.relativePath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw RuleFileError(path: displayPath, reason: "no such rule directory\(origin)")
        }
        guard isDirectory.boolValue else {
            guard directory.pathExtension == "toml" else {
                throw RuleFileError(path: displayPath, reason: "not a rule directory or .toml file\(origin)")
            }
            return [(displayPath, try RuleFileLoader.readData(of: directory, displayPath: displayPath))]
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
                .sorted()
        } catch {
            throw RuleFileError(path: displayPath, reason: "cannot list the rule directory\(origin): \(error.localizedDescription)")
        }
        guard !names.isEmpty else {
            throw RuleFileError(path: displayPath, reason: "the rule directory\(origin) has no .toml files")
        }
        var files: [(path: String, data: Data)] = []
        for name in names {
            let path = displayPath.hasSuffix("/") ? displayPath + name : displayPath + "/" + name
            files.append((path, try RuleFileLoader.readData(of: directory.appendingPathComponent(name), displayPath: path)))
        }
        return files
    }
}
