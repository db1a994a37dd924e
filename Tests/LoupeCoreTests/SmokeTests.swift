import Testing
@testable import LoupeCore
@Suite struct SmokeTests { @Test func versionIsSet() { #expect(!Loupe.version.isEmpty) } }
