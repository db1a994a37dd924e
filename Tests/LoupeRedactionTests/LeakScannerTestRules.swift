import LoupeRedaction

/// A small rule set written for the scanner tests, independent of the default rules so these
/// tests state exactly which rule must fire.
enum LeakScannerTestRules {
    static let toml = #"""
        [[rule]]
        id = "aws-key"
        description = "AWS access key ID"
        category = "token"
        pattern = '''(?<![A-Za-z0-9])AKIA[A-Z0-9]{16}(?![A-Za-z0-9])'''
        keywords = ["akia"]

        [[rule]]
        id = "email"
        description = "Email address"
        category = "pii"
        pattern = '''[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}'''
        keywords = ["@"]

        [[rule]]
        id = "bearer"
        description = "Bearer token"
        category = "token"
        pattern = '''(?i)\bBearer\s+([A-Za-z0-9._~+/=-]{8,})'''
        secret_group = 1
        keywords = ["bearer"]

        [[rule]]
        id = "password-assignment"
        description = "password = value"
        category = "credential"
        pattern = '''(?i)password["']?\s*[:=]\s*["']?([^\s"',}]{6,})'''
        secret_group = 1
        keywords = ["password"]

        [[rule]]
        id = "pem-private-key"
        description = "PEM private key block"
        category = "credential"
        pattern = '''-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----'''
        keywords = ["private key"]

        [structural]
        headers = ["x-api-key"]
        cookies = ["session"]
        query = ["api_key"]
        json_keys = ["client_secret"]
        """#

    static let ruleSet = RuleSet.forTesting(toml)

    static let scanner = LeakScanner(ruleSet: ruleSet)

    /// Fake secrets used across the tests.
    static let awsKey = "AKIAIOSFODNN7EXAMPLE"
    static let bearerToken = "tok_9f8e7d6c5b4a39281706"
}
