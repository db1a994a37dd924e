import Crypto
import Foundation
import Testing
import LoupeRedaction

/// The rule files compiled into the binary must be exactly the files in `rules/`.
@Suite struct RuleFileEmbeddingTests {
    static let regenerate = "run `python3 scripts/embed-rules.py` to regenerate Sources/LoupeRedaction/Rules/DefaultRuleFiles.generated.swift"

    static func filesOnDisk() throws -> [(name: String, contents: String)] {
        let directory = RuleFileFixtures.repositoryRoot.appendingPathComponent("rules")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
            .sorted()
            .map { name in
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                return (name, String(decoding: data, as: UTF8.self))
            }
    }

    @Test func theEmbeddedRuleFilesMatchTheRulesFolder() throws {
        let onDisk = try Self.filesOnDisk()
        let embedded = DefaultRuleFiles.files
        #expect(embedded.map(\.name) == onDisk.map(\.name), "the embedded file list is stale: \(Self.regenerate)")
        for file in onDisk {
            let copy = embedded.first { $0.name == file.name }?.contents
            #expect(copy == file.contents, "rules/\(file.name) changed since it was embedded: \(Self.regenerate)")
        }
    }

    @Test func theBuiltInRuleSetHashesTheSameBytesAsTheRulesFolder() throws {
        // So `cat rules/*.toml | sha256sum` reproduces the default rule set's sha256.
        var bytes = Data()
        for file in try Self.filesOnDisk() { bytes.append(Data(file.contents.utf8)) }
        let expected = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        #expect(RuleSet.builtIn.sha256 == expected, "\(Self.regenerate)")
    }
}
