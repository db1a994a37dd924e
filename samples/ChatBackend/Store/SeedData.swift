import ChatAPI

/// Sample conversations every new user starts with. They hold fake but realistic personal data
/// and secrets (a test card number, a UK drama phone number, emails, an API key) so that
/// Loupe's redaction has something to find in demos.
enum SeedData {
    struct Sample {
        var title: String
        var modelId: String
        var messages: [(role: Message.Role, text: String)]
    }

    /// Profile details of known demo accounts.
    static let knownUsers: [String: (displayName: String, phone: String)] = [
        "ada@example.com": ("Ada Lovelace", "+44 20 7946 0958"),
        "grace@example.com": ("Grace Hopper", "+1 202 555 0143"),
    ]

    static let conversations: [Sample] = [
        Sample(title: "Refund for order #48213", modelId: "loupe-mini", messages: [
            (.user, "I was charged twice for order #48213. My card is 4111 1111 1111 1111, exp 04/28."),
            (.assistant, "Sorry about that! I can see two charges. I'll ask billing to refund one of them within 5 working days."),
            (.user, "Thanks. Please email the confirmation to ada.lovelace@example.com, or call me at +44 20 7946 0958."),
            (.assistant, "Done: a confirmation will go to ada.lovelace@example.com. Anything else?"),
        ]),
        Sample(title: "Why does my API call fail?", modelId: "loupe-pro", messages: [
            (.user, "My script fails with 401. I'm sending Authorization: Bearer sk-proj-Q7xv2KpL9mN4rT8wZ1bC5dF3gH6jK0sA2eR7uY9iO4pW8qE1 — is the key wrong?"),
            (.assistant, "A 401 usually means the key was revoked. Never paste keys in chats: rotate sk-proj-Q7xv2KpL9mN4rT8wZ1bC5dF3gH6jK0sA2eR7uY9iO4pW8qE1 now."),
            (.user, "Rotated. The new one goes in OPENAI_API_KEY, right? Also AWS says AKIAIOSFODNN7EXAMPLE is inactive."),
            (.assistant, "Yes, read it from OPENAI_API_KEY. For AWS, create a new access key and delete AKIAIOSFODNN7EXAMPLE."),
        ]),
        Sample(title: "Draft a reply to the landlord", modelId: "loupe-mini", messages: [
            (.user, "Write to my landlord (j.smith@lettings.example.co.uk) that rent for 12 Baker Street is paid from IBAN GB82 WEST 1234 5698 7654 32."),
            (.assistant, "Dear Mr Smith, this is to confirm that the rent for 12 Baker Street is paid monthly from account GB82 WEST 1234 5698 7654 32. Kind regards."),
        ]),
        Sample(title: "Trip planning", modelId: "loupe-reasoner", messages: [
            (.user, "Plan three days in Lisbon in May, vegetarian food, no car."),
            (.assistant, "Day 1: Alfama and the castle. Day 2: Belém by tram 15. Day 3: Sintra by train from Rossio."),
            (.user, "Book the hotel under grace.hopper@example.org, phone +1 202 555 0143."),
            (.assistant, "I can't book, but here is a message you can send to the hotel with those details."),
        ]),
        Sample(title: "Welcome", modelId: "loupe-mini", messages: [
            (.assistant, "Hi! Ask me anything. Replies stream back as server-sent events."),
        ]),
    ]
}
