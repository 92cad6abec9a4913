import Foundation
@testable import HTTPKit
import Testing

@Suite("UUID and timestamp text")
struct ValueTextTests {
    @Test("a UUID's lowercase spelling is Foundation's, and parses back in either case")
    func uuidRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let uuid = UUID(
                uuid: (
                    generator.next(), generator.next(), generator.next(), generator.next(), generator.next(),
                    generator.next(), generator.next(), generator.next(), generator.next(), generator.next(),
                    generator.next(), generator.next(), generator.next(), generator.next(), generator.next(),
                    generator.next()
                ))
            #expect(uuid.lowercased == uuid.uuidString.lowercased())
            #expect(UUID(strict: uuid.uuidString) == uuid)
            #expect(UUID(strict: uuid.lowercased) == uuid)
            #expect(UUID(strict: ("{" + uuid.lowercased + "}").dropFirst().dropLast()) == uuid)
        }
    }

    @Test("every byte value at every place of a UUID is spelled with Foundation's digits, lowercased")
    func uuidEveryByteSpelled() {
        for place in 0..<16 {
            for value in 0...255 {
                var bytes = [UInt8](repeating: 0x5A, count: 16)
                bytes[place] = UInt8(value)
                let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
                #expect(uuid.lowercased == uuid.uuidString.lowercased(), "byte \(place) = \(value)")
            }
        }
    }

    @Test("every byte at every place: a UUID parses exactly when each digit place holds a hex digit")
    func uuidEveryByteEverywhere() {
        let digits = Set("0123456789abcdefABCDEF".utf8)
        Self.everyByteEverywhere(in: "deadbeef-dead-beef-dead-beefdeadbeef") { text, place, byte in
            let parsed = text.withUnsafeBufferPointer(UUID.init(strictUTF8:))
            let shouldParse = Self.hyphens.contains(place) ? byte == UInt8(ascii: "-") : digits.contains(byte)
            #expect((parsed != nil) == shouldParse, "byte \(byte) at \(place)")
            if let parsed, shouldParse {
                #expect(parsed == UUID(uuidString: String(decoding: text, as: UTF8.self)), "byte \(byte) at \(place)")
            }
        }
    }

    @Test("every byte at every place: the lowercase spelling is told apart exactly and decodes as parsed")
    func lowercaseSpellingEveryByteEverywhere() {
        let digits = Set("0123456789abcdef".utf8)
        Self.everyByteEverywhere(in: "0123abcd-ef45-6789-a0b1-c2d3e4f5a6b7") { text, place, byte in
            let accepted = text.withUnsafeBufferPointer(UUID.isLowercaseSpelling)
            let shouldAccept = Self.hyphens.contains(place) ? byte == UInt8(ascii: "-") : digits.contains(byte)
            #expect(accepted == shouldAccept, "byte \(byte) at \(place)")
            if accepted {
                let decoded = text.withUnsafeBufferPointer(UUID.init(lowercaseSpelling:))
                #expect(decoded == text.withUnsafeBufferPointer(UUID.init(strictUTF8:)), "byte \(byte) at \(place)")
            }
        }
        #expect(!Array("0123abcd-ef45-6789-a0b1-c2d3e4f5a6b".utf8).withUnsafeBufferPointer(UUID.isLowercaseSpelling))
    }

    /// Where the spelling's hyphens are.
    static let hyphens: Set<Int> = [8, 13, 18, 23]

    /// Calls `check` with `spelling` changed at one place to one byte, for every place and byte.
    static func everyByteEverywhere(
        in spelling: String, _ check: (_ text: [UInt8], _ place: Int, _ byte: UInt8) -> Void
    ) {
        var text = Array(spelling.utf8)
        for place in text.indices {
            let original = text[place]
            for byte in UInt8.min...UInt8.max {
                text[place] = byte
                check(text, place, byte)
            }
            text[place] = original
        }
    }

    @Test(
        "only the 8-4-4-4-12 spelling parses",
        arguments: [
            "", "deadbeef-dead-beef-dead-beefdeadbee", "deadbeef-dead-beef-dead-beefdeadbeef0",
            "{deadbeef-dead-beef-dead-beefdeadbeef}", "urn:uuid:deadbeef-dead-beef-dead-beefdeadbeef",
            "deadbeefdeadbeefdeadbeefdeadbeef", "deadbeef-dead-beef-deadbeefdeadbeef-",
            "deadbee-fdead-beef-dead-beefdeadbeef", "deadbeef-dead-beef-dead-beefdeadbeeg",
            "deadbeef_dead_beef_dead_beefdeadbeef", "deadbeef-dead-beef-dead-beefdeadbe€",
            "-deadbeef-dead-beef-dead-beefdeadbee",
        ]
    )
    func uuidRejects(_ text: String) {
        #expect(UUID(strict: text) == nil)
    }

    @Test("RFC 3339 text matches Foundation's ISO 8601 formatter and parses back, years 1600–9999")
    func timestampMatchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        // Foundation's calendar is Julian before 1582, RFC 3339's is Gregorian throughout.
        let first: Int64 = -11_676_096_000  // 1600-01-01T00:00:00Z
        let last: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
        let edges: [Int64] = [first, last, -1, 0, 1, 951_782_400, 1_767_225_600, 1_767_225_599]
        let samples = edges + (0..<5_000).map { _ in Int64.random(in: first...last, using: &generator) }
        for seconds in samples {
            let timestamp = Timestamp(secondsSince1970: seconds)
            let expected = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
            #expect(timestamp.description == expected, "\(seconds)")
            #expect(Timestamp(rfc3339: timestamp.description) == timestamp, "\(seconds)")
        }
    }

    @Test("every day from 0000-01-01 to 9999-12-31 becomes a valid civil date that counts back to it")
    func everyCivilDate() {
        var previous = Timestamp.civilDate(daysSince1970: -719_529)  // 0000-12-31 before year 0
        #expect(previous == (-1, 12, 31))
        for days in Int64(-719_528)...2_932_896 {
            let date = Timestamp.civilDate(daysSince1970: days)
            let isNext =
                date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
                || date.day == 1 && date.month == previous.month % 12 + 1
                    && date.year == previous.year + (previous.month == 12 ? 1 : 0)
            guard isNext, date.day <= Timestamp.daysIn(month: date.month, year: date.year),
                Timestamp.daysSince1970(year: date.year, month: date.month, day: date.day) == days
            else {
                Issue.record("day \(days): \(date) after \(previous)")
                return
            }
            previous = date
        }
        #expect(previous == (9999, 12, 31))
    }

    @Test(
        "an offset that moves the instant outside the years 0000–9999 is rejected, not stored",
        arguments: ["0000-01-01T00:00:00+00:01", "0000-01-01T00:30:00+23:59", "9999-12-31T23:59:59-00:01"]
    )
    func timestampOutsideRFC3339Years(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test("the first and last instants RFC 3339 can spell parse and print back")
    func timestampEdges() {
        for text in ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0000-01-01T00:01:00+00:01"] {
            let parsed = Timestamp(rfc3339: text)
            #expect(parsed != nil, "\(text)")
            #expect(parsed.map { Timestamp(rfc3339: $0.description) == $0 } == true, "\(text)")
        }
    }

    @Test("the JSON writer writes a timestamp as a quoted RFC 3339 string")
    func timestampInJSON() {
        var writer = JSONWriter()
        writer.array([Timestamp.seedEpoch, Timestamp(secondsSince1970: 951_868_799)]) { $0.value($1) }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"["2026-01-01T00:00:00Z","2000-02-29T23:59:59Z"]"#)
    }
}
