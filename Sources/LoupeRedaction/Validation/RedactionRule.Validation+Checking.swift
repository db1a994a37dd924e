extension RedactionRule.Validation: CustomStringConvertible {
    /// Parses the `validate` value of a rule file: `none`, `luhn`, `iban`, `jwt` or
    /// `entropy>=N` (bits per character, 0 < N ≤ 8; spaces around `>=` allowed). Returns nil
    /// for anything else.
    public init?(parsing text: String) {
        let trimmed = text.ruleFileTrimmed()
        switch trimmed {
        case "none": self = .none
        case "luhn": self = .luhn
        case "iban": self = .iban
        case "jwt": self = .jwt
        default:
            guard trimmed.hasPrefix("entropy") else { return nil }
            let rest = trimmed.dropFirst("entropy".count).ruleFileTrimmed()
            guard rest.hasPrefix(">=") else { return nil }
            let number = rest.dropFirst(2).ruleFileTrimmed()
            // Bytes carry at most 8 bits each, so a higher minimum could never be met by ASCII text.
            guard let minimum = Double(number), minimum.isFinite, minimum > 0, minimum <= 8 else { return nil }
            self = .entropy(minimum: minimum)
        }
    }

    /// The rule-file spelling: `none`, `luhn`, `iban`, `jwt` or `entropy>=3.5`.
    public var description: String {
        switch self {
        case .none: "none"
        case .luhn: "luhn"
        case .iban: "iban"
        case .jwt: "jwt"
        case .entropy(let minimum): "entropy>=\(minimum)"
        }
    }

    /// Whether `candidate` (the text of a match's secret group) passes this check.
    public func accepts(_ candidate: some StringProtocol) -> Bool {
        switch self {
        case .none: true
        case .luhn: Luhn.isValid(candidate)
        case .iban: IBAN.isValid(candidate)
        case .jwt: JWTShape.isWellFormed(candidate)
        case .entropy(let minimum): ShannonEntropy.bitsPerCharacter(candidate) >= minimum
        }
    }

    /// ``accepts(_:)`` of UTF-8 bytes, the text of a match's secret group. The redactor checks
    /// every match, thousands per megabyte of traffic: the entropy and JWT checks read the bytes
    /// in place; the checksums, run on the few card and IBAN candidates, get a small copy.
    func accepts(utf8 candidate: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .none: true
        case .jwt: JWTShape.isWellFormed(candidate)
        case .entropy(let minimum): ShannonEntropy.bitsPerCharacter(utf8: candidate) >= minimum
        case .luhn, .iban: accepts(String(decoding: candidate, as: UTF8.self))
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (no Foundation needed).
    func ruleFileTrimmed() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
