/// Writes the assistant's (canned, deterministic) replies and cuts them into stream deltas.
enum ReplyComposer {
    /// Closing lines taken in turn; some hold personal data on purpose so redaction shows in demos.
    private static let closings = [
        "If anything is unclear, support can reach you at ada.lovelace@example.com.",
        "I have noted your callback number, +44 20 7946 0958, for the follow-up.",
        "For the record, the card on file ends in 1111 and expires 04/28.",
        "Let me know if you want the longer version.",
    ]

    static func reply(to text: String, modelName: String, number: Int) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).count
        let closing = closings[number % closings.count]
        return "\(modelName) here. You wrote \(words) word\(words == 1 ? "" : "s"), and I read all of them carefully. "
            + "Here is a short answer: it depends, but the simplest option usually wins. \(closing)"
    }

    /// Splits a reply into pieces of a few words; joined in order they give the reply back exactly.
    static func deltas(of reply: String, wordsPerDelta: Int = 3) -> [String] {
        let words = reply.split(separator: " ", omittingEmptySubsequences: false)
        return stride(from: 0, to: words.count, by: wordsPerDelta).map { start in
            let end = min(start + wordsPerDelta, words.count)
            return words[start..<end].joined(separator: " ") + (end < words.count ? " " : "")
        }
    }
}
