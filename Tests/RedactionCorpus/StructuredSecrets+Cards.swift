import Foundation
import LoupeRedaction

// Cards with their verification code and expiry next to them, and phone numbers with labels:
// the values that only count as secrets because of the fields around them.

extension StructuredSecret {
    /// A card (grouped or not), a CVC of its brand's length and an expiry.
    static func card(_ r: inout SplitMix64) -> (pan: String, cvc: String, expiry: String) {
        let brand = r.pick(SecretShape.cardBrands)
        let number = SecretShape.pan(brand, &r)
        let pan = r.chance(0.6) ? number : SecretShape.grouped(number, brand: brand.name, separator: " ")
        let cvc = r.string(.digits, brand.name == "amex" ? 4 : 3)
        let month = String(format: "%02d", r.int(1...12)), year = r.int(27...34)
        let expiry = r.pick(["\(month)/\(year)", "\(month)/20\(year)", "20\(year)-\(month)", "\(month)-\(year)"])
        return (pan, cvc, expiry)
    }

    static let cards: [StructuredSecret] = [
        StructuredSecret("card-with-cvc", .financial, repeats: 12, tuning: [
            { r in let c = card(&r); return Placement(.json, "json", #"{"card_number":"\#(c.pan)","cvc":"\#(c.cvc)","expiry":"\#(c.expiry)","amount":\#(r.int(100...99999))}"#, secrets: [c.pan, c.cvc, c.expiry]) },
            { r in let c = card(&r); return Placement(.text, "log", "2026-11-25T09:14:03Z DEBUG payment request {\"card_number\": \"\(c.pan)\", \"cvc\": \"\(c.cvc)\", \"exp\": \"\(c.expiry)\"}", secrets: [c.pan, c.cvc, c.expiry]) },
            { r in let c = card(&r); return Placement(.form, "form", "card%5Bnumber%5D=\(Encode.form(c.pan))&card%5Bcvc%5D=\(c.cvc)&card%5Bexp%5D=\(Encode.form(c.expiry))&currency=eur", secrets: [Encode.form(c.pan), c.cvc, Encode.form(c.expiry)]) },
            { r in let c = card(&r); return Placement(.text, "log", "charge failed: card_number=\(c.pan.replacingOccurrences(of: " ", with: "")) cvv=\(c.cvc) expiry=\(c.expiry) reason=insufficient_funds", secrets: [c.pan.replacingOccurrences(of: " ", with: ""), c.cvc, c.expiry]) },
        ], heldOut: HeldOut.cardWithCVC),
    ]

    static let labelledPhones: [StructuredSecret] = [
        StructuredSecret("phone-labelled", .pii, repeats: 10, tuning: [
            { r in let p = SecretShape.phones[r.int(0..<SecretShape.phones.count)].value(&r); return Placement(.text, "log", "support note: customer asked for a call back on \(p) (mobile) after 5pm", secrets: [p]) },
            { r in let p = SecretShape.phones[r.int(0..<SecretShape.phones.count)].value(&r); return Placement(.json, "json", #"{"contact":{"name":"\#(r.pick(SecretShape.givenNames).capitalized)","phone":"\#(p)","label":"work"}}"#, secrets: [p]) },
        ], heldOut: HeldOut.labelledPhone),
    ]
}
