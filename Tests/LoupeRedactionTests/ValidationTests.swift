import Foundation
import Testing
import LoupeRedaction

@Suite struct ValidationTests {
    // MARK: Luhn

    @Test(arguments: [
        "4111 1111 1111 1111", "4111-1111-1111-1111", "4111111111111111", "5500 0000 0000 0004",
        "3782 822463 10005", "6011 1111 1111 1117", "4222222222222", "6759649826438453",
    ])
    func luhnAcceptsTestCardNumbers(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: [
        "4111 1111 1111 1112", "1234 5678 9012 3456", "41111111111", "00000000000", "4111 1111 1111 1111 0000",
        "4111x1111x1111x1111", "", "4111 1111 1111 111１",
    ])
    func luhnRejectsWrongChecksumsLengthsAndCharacters(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func luhnNeedsTwelveToNineteenDigits() {
        #expect(Luhn.isValid("0000 0000 0000"))  // 12 zeros: checksum 0
        #expect(!Luhn.isValid("0000 0000 000"))
        #expect(Luhn.isValid(String(repeating: "0", count: 19)))
        #expect(!Luhn.isValid(String(repeating: "0", count: 20)))
    }

    // MARK: IBAN

    @Test(arguments: [
        "GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", "DE89 3704 0044 0532 0130 00", "DE89370400440532013000",
        "FR14 2004 1010 0505 0001 3M02 606", "NL91 ABNA 0417 1643 00", "IT60 X054 2811 1010 0000 0123 456",
        "ES91 2100 0418 4502 0005 1332", "BE68 5390 0754 7034", "CH93 0076 2011 6238 5295 7", "de89 3704 0044 0532 0130 00",
    ])
    func ibanAcceptsValidNumbers(_ iban: String) {
        #expect(IBAN.isValid(iban))
    }

    @Test(arguments: [
        "GB83 WEST 1234 5698 7654 32", // wrong check digits
        "GB82 WEST 1234 5698 7654 3",  // one character short for GB
        "DE89 3704 0044 0532 0130 001", // one digit too many for DE
        "DE89-3704-0044-0532-0130-00", // dashes are not IBAN grouping
        "1234 5678 9012 3456", "GBXX WEST 1234 5698 7654 32", "", "ZZ00",
    ])
    func ibanRejectsInvalidNumbers(_ iban: String) {
        #expect(!IBAN.isValid(iban))
    }

    @Test func ibanFallsBackToTheGenericLengthForUnlistedCountries() {
        // Mauritius (MU, 30 characters) is not in the table; its registry example still validates.
        #expect(IBAN.lengthByCountry["MU"] == nil)
        #expect(IBAN.isValid("MU17 BOMM 0101 1010 3030 0200 000M UR"))
        #expect(!IBAN.isValid("MU18 BOMM 0101 1010 3030 0200 000M UR"))
    }

    // MARK: JWT

    static func base64URL(_ json: String) -> String {
        Data(json.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func jwtAcceptsAWellFormedToken() {
        let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
        #expect(JWTShape.isWellFormed(token))
    }

    @Test func jwtAcceptsAnUnsecuredTokenWithAnEmptySignature() {
        #expect(JWTShape.isWellFormed(Self.base64URL(#"{"alg":"none"}"#) + "." + Self.base64URL(#"{"sub":"42"}"#) + "."))
    }

    @Test func jwtRejectsLookAlikes() {
        let header = Self.base64URL(#"{"alg":"HS256"}"#), payload = Self.base64URL(#"{"sub":"42"}"#)
        #expect(!JWTShape.isWellFormed("a.b.c"))
        #expect(!JWTShape.isWellFormed(header + "." + payload))                       // two segments
        #expect(!JWTShape.isWellFormed(header + "." + payload + ".sig.extra"))        // four
        #expect(!JWTShape.isWellFormed(Self.base64URL(#"{"typ":"JWT"}"#) + "." + payload + ".sig"))  // no alg
        #expect(!JWTShape.isWellFormed(header + "." + Self.base64URL("[1,2]") + ".sig"))          // payload not an object
        #expect(!JWTShape.isWellFormed(header + "." + payload + ".si+g"))             // not base64url
        #expect(!JWTShape.isWellFormed("1.2.3"))
        #expect(!JWTShape.isWellFormed("www.example.com"))
    }

    // MARK: Entropy

    @Test func entropyIsBitsPerCharacter() {
        #expect(ShannonEntropy.bitsPerCharacter("") == 0)
        #expect(ShannonEntropy.bitsPerCharacter("aaaaaaaa") == 0)
        #expect(ShannonEntropy.bitsPerCharacter("abab") == 1)
        #expect(ShannonEntropy.bitsPerCharacter("abcd") == 2)
        #expect(ShannonEntropy.bitsPerCharacter("0123456789abcdef") == 4)
        #expect(ShannonEntropy.bitsPerCharacter("aéaé") == ShannonEntropy.bitsPerCharacter("abab"))
        #expect(ShannonEntropy.bitsPerCharacter("ééaa") == 1)  // counts characters, not bytes
    }

    @Test func entropySeparatesRandomSecretsFromWords() {
        #expect(ShannonEntropy.bitsPerCharacter("q8ZkT3vWx1LmN5pR7sYb2cDf") > 4)
        #expect(ShannonEntropy.bitsPerCharacter("password") < 3)
        #expect(ShannonEntropy.bitsPerCharacter("changeme") < 3)
    }

    // MARK: The validate key

    @Test func parsesAndPrintsEveryValidation() {
        let cases: [(String, RedactionRule.Validation)] = [
            ("none", .none), ("luhn", .luhn), ("iban", .iban), ("jwt", .jwt),
            ("entropy>=3.5", .entropy(minimum: 3.5)), ("entropy >= 4", .entropy(minimum: 4)),
        ]
        for (text, expected) in cases {
            #expect(RedactionRule.Validation(parsing: text) == expected)
        }
        #expect(RedactionRule.Validation.entropy(minimum: 3.5).description == "entropy>=3.5")
        #expect(RedactionRule.Validation.luhn.description == "luhn")
        #expect(RedactionRule.Validation(parsing: "entropy>=abc") == nil)
        #expect(RedactionRule.Validation(parsing: "entropy>=nan") == nil)
    }

    @Test func eachValidationAcceptsOnlyItsKind() {
        #expect(RedactionRule.Validation.none.accepts("anything"))
        #expect(RedactionRule.Validation.luhn.accepts("4111 1111 1111 1111"))
        #expect(!RedactionRule.Validation.luhn.accepts("4111 1111 1111 1112"))
        #expect(RedactionRule.Validation.iban.accepts("GB82 WEST 1234 5698 7654 32"))
        #expect(!RedactionRule.Validation.iban.accepts("GB82 WEST 1234 5698 7654 33"))
        #expect(RedactionRule.Validation.entropy(minimum: 3).accepts("q8ZkT3vWx1Lm"))
        #expect(!RedactionRule.Validation.entropy(minimum: 3).accepts("aaaaaaaaaaaa"))
    }
}
