import Foundation
import LoupeCore
import Testing

/// RFC 3339 times in the proleptic Gregorian calendar, the same way in and out.
@Suite struct InternetTimeTests {
    /// Seconds since 1970 computed independently (Python's `datetime`, which is proleptic Gregorian).
    @Test(arguments: [
        ("2026-11-22T06:00:00.125Z", 1_795_327_200.125),
        ("1970-01-01T00:00:00.000Z", 0),
        ("1582-10-15T00:00:00.000Z", -12_219_292_800),
        ("1582-10-04T00:00:00.000Z", -12_220_243_200),
        ("1013-12-09T10:00:00.000Z", -30_170_412_000),
        ("0000-01-01T00:00:00.000Z", -62_167_219_200),
        ("2000-02-29T23:59:59.999Z", 951_868_799.999),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
    ])
    func writesAndReadsTheProlepticGregorianCalendar(text: String, seconds: Double) throws {
        let date = try #require(InternetTime.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
        #expect(InternetTime(Date(timeIntervalSince1970: seconds)).text == text)
        #expect(InternetTime(date).text == text)
    }

    @Test(arguments: [
        ("2026-11-22T07:00:00.125+01:00", "2026-11-22T06:00:00.125Z"),
        ("2026-11-22T01:30:00-0430", "2026-11-22T06:00:00.000Z"),
        ("2026-11-22t06:00:00.123456789z", "2026-11-22T06:00:00.123Z"),
        ("2026-11-22T06:00:00.9996Z", "2026-11-22T06:00:01.000Z"),
        ("2026-11-22 06:00:00.5Z", "2026-11-22T06:00:00.500Z"),
        ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00.000Z"),
        ("2026-12-31T23:59:60Z", "2027-01-01T00:00:00.000Z"),
    ])
    func readsTheFormsOtherToolsWrite(text: String, written: String) throws {
        let date = try #require(InternetTime.date(from: text), "\(text)")
        #expect(InternetTime(date).text == written)
    }

    @Test(arguments: [
        "", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
        "2026-11-22T24:00:00Z", "2026-11-22T06:60:00Z", "2026-11-22T06:00:00", "2026-11-22T06:00:00.Z",
        "2026-11-22T06:00:00+25:00", "-0001-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "2026-11-22",
        "2026-11-22T06:00:00Z ", "2026-11-22T06:00:00Zjunk", "٢٠٢٦-11-22T06:00:00Z",
    ])
    func refusesWhatIsNotAnRFC3339Time(text: String) {
        #expect(InternetTime.date(from: text) == nil, "\(text)")
    }

    @Test func timesBeyondTheFourDigitYearsAreWrittenAsTheNearestEnd() {
        #expect(InternetTime(Date(timeIntervalSince1970: -1e13)).text == "0000-01-01T00:00:00.000Z")
        #expect(InternetTime(Date(timeIntervalSince1970: 1e13)).text == "9999-12-31T23:59:59.999Z")
        #expect(InternetTime(Date.distantFuture).text == "4001-01-01T00:00:00.000Z")
        #expect(InternetTime(Date(timeIntervalSince1970: .nan)).text == "1970-01-01T00:00:00.000Z")
    }

    @Test func everyWrittenTimeReadsBackToTheSameText() throws {
        // A day-by-day walk over the whole range would be slow; every 97 days and 7 hours, plus
        // the milliseconds, crosses every month, leap day and century rule many times.
        var seconds = -62_167_219_200.0
        var generator = SystemRandomNumberGenerator()
        while seconds < 253_402_300_799 {
            let text = InternetTime(Date(timeIntervalSince1970: seconds + Double(Int.random(in: 0..<1000, using: &generator)) / 1000)).text
            let date = try #require(InternetTime.date(from: text))
            #expect(InternetTime(date).text == text)
            seconds += 97 * 86_400 + 7 * 3600
        }
    }

    @Test func eventJSONUsesTheSameCalendar() throws {
        let date = try #require(InternetTime.date(from: "1013-12-09T10:00:00.250Z"))
        let encoded = try JSONEncoder.loupe().encode([date])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["1013-12-09T10:00:00.250Z"]"#)
        #expect(try JSONDecoder.loupe().decode([Date].self, from: encoded) == [date])
    }
}
