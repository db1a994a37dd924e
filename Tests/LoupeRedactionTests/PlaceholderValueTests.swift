import Testing
@testable import LoupeRedaction

/// Documentation placeholders are no secrets for any rule; real values that merely look weak are.
@Suite struct PlaceholderValueTests {
    private func isPlaceholder(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { PlaceholderValue.isPlaceholder($0) }
    }

    @Test(arguments: ["your_api_key_here", "YOUR-TOKEN", "your secret", "paste-it-here", "API_KEY_HERE", "<password>",
                      "&lt;token&gt;", "${DB_PASSWORD}", "$(cat token)", "{{ token }}", "%API_KEY%", "#(password)",
                      "(YOUR_DB_PASSWORD)", "[redacted]", "xxxx", "XXXXXXXX", "********", "...", "changeme",
                      "CHANGE_ME", "changeit", "placeholder", "Redacted"])
    func announcedPlaceholdersAreRecognised(_ value: String) {
        #expect(isPlaceholder(value))
    }

    @Test(arguments: ["wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "yourmomsfavorite1", "changeme1", "password123",
                      "s3cr3t-Pa55", "theretherehere", "xxxy", "changeme1", "password", "secret", "<b>bold</b>x", "${A}${B}", "(555) 123-4567", "4111 1111 1111 1111"])
    func valuesThatDoNotAnnounceThemselvesAreNot(_ value: String) {
        #expect(!isPlaceholder(value))
    }

    @Test func aPlaceholderIsKeptWhereTheSameSyntaxWithASecretIsRedacted() {
        let redactor = Redactor(ruleSet: .builtIn)
        var counts: [String: Int] = [:]
        for placeholder in ["Authorization: Bearer your_api_key_here", "curl -H 'Api-Key: YOUR_API_KEY_HERE' https://x.example"] {
            #expect(redactor.redactText(placeholder, counts: &counts) == placeholder)
        }
        let secret = "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"
        #expect(redactor.redactText(secret, counts: &counts) != secret)
    }

    @Test func structuralRedactionKeepsAPlaceholderUnderASensitiveName() {
        let redactor = Redactor(ruleSet: .builtIn)
        var counts: [String: Int] = [:]
        let sample = #"{"api_key":"YOUR_API_KEY","token":"${TOKEN}","password":"s3cr3t-Pa55"}"#
        #expect(redactor.redactJSON(sample, counts: &counts)
            == #"{"api_key":"YOUR_API_KEY","token":"${TOKEN}","password":"[REDACTED:json-key]"}"#)
        #expect(redactor.redactHeaderValue(name: "X-Api-Key", value: "<your key>", counts: &counts) == "<your key>")
        #expect(redactor.redactHeaderValue(name: "X-Api-Key", value: "k9f8e7d6c5b4a3928", counts: &counts) != "k9f8e7d6c5b4a3928")
    }
}
