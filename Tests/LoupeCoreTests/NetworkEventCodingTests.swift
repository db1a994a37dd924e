import Foundation
import Testing
@testable import LoupeCore

@Suite struct NetworkEventCodingTests {
    private func roundTrip(_ event: NetworkEvent) throws -> NetworkEvent {
        try JSONDecoder.loupe().decode(NetworkEvent.self, from: JSONEncoder.loupe().encode(event))
    }

    private func jsonObject(_ event: NetworkEvent) throws -> [String: Any] {
        let data = try JSONEncoder.loupe().encode(event)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: SampleEvents.all)
    func everySampleEventSurvivesARoundTrip(_ event: NetworkEvent) throws {
        #expect(try roundTrip(event) == event)
    }

    @Test func datesAreISO8601WithMilliseconds() throws {
        let object = try jsonObject(SampleEvents.completeJSON)
        #expect(object["startedAt"] as? String == "2026-09-21T14:13:20.125Z")
    }

    @Test func headersAreAnOrderedListOfNameValuePairs() throws {
        let object = try jsonObject(SampleEvents.completeJSON)
        let response = try #require(object["response"] as? [String: Any])
        let headers = try #require(response["headers"] as? [[String: String]])
        #expect(headers == [["name": "Content-Type", "value": "application/json"],
                            ["name": "Set-Cookie", "value": "a=1"], ["name": "Set-Cookie", "value": "b=2"]])
    }

    @Test func sourcesUseTheirDocumentedNames() throws {
        #expect(try jsonObject(SampleEvents.truncatedForm)["source"] as? String == "proxy-forward")
        #expect(try jsonObject(SampleEvents.failed)["source"] as? String == "proxy-reverse")
    }

    @Test func absentMembersAreOmittedRatherThanNull() throws {
        let object = try jsonObject(SampleEvents.failed)
        #expect(object["response"] == nil)
        #expect(object["tunnel"] == nil)
        #expect(object.keys.contains("sseEvents"))
        #expect(object.keys.contains("redactions"))
    }

    @Test func binaryBodiesCarryAnOmissionInsteadOfText() throws {
        let object = try jsonObject(SampleEvents.binaryGzip)
        let body = try #require((object["response"] as? [String: Any])?["body"] as? [String: Any])
        #expect(body["text"] == nil)
        #expect((body["omitted"] as? [String: String])?["reason"] == "binary")
        #expect(body["decodedFrom"] as? String == "gzip")
    }

    @Test func decodingAcceptsDatesWithoutFractionalSeconds() throws {
        var json = String(decoding: try JSONEncoder.loupe().encode(SampleEvents.failed), as: UTF8.self)
        json = json.replacingOccurrences(of: "2026-09-21T14:13:20.125Z", with: "2026-09-21T14:13:20Z")
        let event = try JSONDecoder.loupe().decode(NetworkEvent.self, from: Data(json.utf8))
        #expect(event.startedAt == Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test func aBodyWithBothTextAndOmissionIsRejected() {
        let json = #"{"originalSize":1,"truncated":false,"text":"a","omitted":{"reason":"binary"}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder.loupe().decode(CapturedBody.self, from: Data(json.utf8))
        }
    }

    @Test func anUnreadableDateNamesTheValue() {
        let json = #"{"receivedAt":"yesterday","type":"message","data":""}"#
        #expect {
            try JSONDecoder.loupe().decode(SSEEvent.self, from: Data(json.utf8))
        } throws: { error in
            String(describing: error).contains("\"yesterday\"")
        }
    }

    @Test func unknownErrorKindsStayReadable() throws {
        let json = #"{"kind":"quantumFlux","message":"m"}"#
        let error = try JSONDecoder.loupe().decode(EventError.self, from: Data(json.utf8))
        #expect(error.kind.rawValue == "quantumFlux")
    }

    @Test func headerLookupIgnoresCase() {
        let headers = SampleEvents.completeJSON.response!.headers
        #expect(headers["content-TYPE"] == "application/json")
        #expect(headers.values(named: "set-cookie") == ["a=1", "b=2"])
        #expect(headers["content-typ"] == nil)
    }

    @Test func storedSizeGrowsWithContent() {
        var event = SampleEvents.streamingSSE
        let before = event.storedSize
        event.sseEvents.append(SSEEvent(data: String(repeating: "x", count: 1000)))
        #expect(event.storedSize >= before + 1000)
    }

    @Test func eventStreamsAreRecognisedByContentTypeOrEvents() {
        #expect(SampleEvents.streamingSSE.isEventStream)
        #expect(!SampleEvents.completeJSON.isEventStream)
    }
}
