import Foundation
@testable import LoupeRedaction
import Testing

/// The body's media type is read as bytes for ASCII values, with the same result as the general
/// (Foundation) path it replaced, so the same bodies are redacted as JSON, forms and so on.
@Suite struct BodyMediaTypeTests {
    static let contentTypes = [
        "application/json", "Application/JSON; charset=utf-8", " application/vnd.api+json ", "\ttext/plain\t;q=1",
        "", "   ", "  ;x", ";charset=utf-8", "multipart/form-data; boundary=abc", "APPLICATION/X-WWW-FORM-URLENCODED",
        "text/event-stream", "json", "jso", "application/jsonp", "applicätion/json; x=1", "text/\u{212A}json", "\u{A0}application/json",
    ]

    @Test(arguments: contentTypes)
    func mediaTypeMatchesTheGeneralPath(contentType: String) {
        let general = String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingBlanks().lowercased()
        let type = Redactor.bodyMediaType(contentType)
        #expect(Array(type.utf8) == Array(general.utf8))
        #expect(Redactor.mentionsJSON(type) == general.contains("json"))
    }
}
