/// A point in time with whole-second precision, as every Counterpart date is (api.md §1, "Dates").
///
/// Stored as Unix seconds so both storage backends compare it as an integer, written as RFC 3339 UTC
/// with a `Z` (`2026-01-01T09:30:00Z`) — exactly what `JSONDecoder`'s `.iso8601` strategy reads.
/// Parsing accepts any offset and fraction and truncates to the second.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Int64

    /// Creates a timestamp.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The seed epoch every seeded time derives from: 2026-01-01T00:00:00Z (api.md §7).
    public static let seedEpoch = Timestamp(secondsSince1970: 1_767_225_600)

    /// This time moved by `seconds`.
    public func adding(seconds: Int64) -> Timestamp {
        Timestamp(secondsSince1970: secondsSince1970 + seconds)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// The RFC 3339 text, e.g. `2026-01-01T00:42:00Z`.
    public var description: String { String(decoding: rfc3339Bytes, as: UTF8.self) }

    /// The RFC 3339 text as UTF-8 bytes.
    public var rfc3339Bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in count = writeRFC3339(into: buffer) }
    }

    /// Writes the 20 bytes of the RFC 3339 text at the start of `text`, two digits at a time, and
    /// returns 20 — a list of 100 todos writes 200 of these.
    public func writeRFC3339(into text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(text.count >= 20, "An RFC 3339 time needs 20 bytes, not \(text.count).")
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let secondOfDay = Int(secondsSince1970 - days * 86_400)
        let (year, month, day) = Self.civilDate(daysSince1970: days)
        // Parsing keeps every instant within 0000…9999; one made in code beyond it shows its year's
        // last four digits rather than trapping.
        let shownYear = Int(year.magnitude % 10_000)
        // Two digits copied from a table of 00…99 instead of a division and a remainder each.
        let digitPairs = Self.digitPairs.utf8Start
        func pair(_ value: Int, at offset: Int) {
            text[offset] = digitPairs[2 * value]
            text[offset + 1] = digitPairs[2 * value + 1]
        }
        pair(shownYear / 100, at: 0)
        pair(shownYear % 100, at: 2)
        text[4] = UInt8(ascii: "-")
        pair(Int(month), at: 5)
        text[7] = UInt8(ascii: "-")
        pair(Int(day), at: 8)
        text[10] = UInt8(ascii: "T")
        pair(secondOfDay / 3600, at: 11)
        text[13] = UInt8(ascii: ":")
        pair(secondOfDay / 60 % 60, at: 14)
        text[16] = UInt8(ascii: ":")
        pair(secondOfDay % 60, at: 17)
        text[19] = UInt8(ascii: "Z")
        return 20
    }

    /// "00" through "99", each number's two digits at twice its offset.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Parses RFC 3339 (`2026-01-01T09:30:00Z`, `…T09:30:00.5+02:00`), truncating fractions.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
        }
        var offset: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        // An offset can move the instant outside the years RFC 3339 can spell in UTC.
        guard Self.spellableRange.contains(seconds) else { return nil }
        secondsSince1970 = seconds
    }

    /// 0000-01-01T00:00:00Z through 9999-12-31T23:59:59Z: the instants RFC 3339 writes in UTC.
    static let spellableRange: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count from 1970-01-01.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        // 200 dates are written per list of 100 todos: from 0000-03-01 on, by multiplications and
        // shifts in 32 bits.
        if z >= 0, z < 1 << 30 {
            let (year, month, day) = civilDate(shiftedDays: UInt32(z))
            return (Int64(year), Int64(month), Int64(day))
        }
        return civilDate(shiftedDays: z)
    }

    /// The civil date of `z` days from 0000-03-01, `z` below 2^30: Neri and Schneider's Euclidean
    /// affine functions ("Euclidean affine functions and their application to calendar
    /// algorithms", 2022), whose divisions by constants become multiplications: rendering a list
    /// of 100 todos spends about half as long on dates as with the era arithmetic below (perf).
    private static func civilDate(shiftedDays z: UInt32) -> (year: UInt32, month: UInt32, day: UInt32) {
        let n1 = 4 * z + 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        let p2 = UInt64(2_939_745) &* UInt64(4 * dayOfCentury + 3)
        let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4
        let n3 = 2_141 * dayOfYear + 197_913
        let month = n3 >> 16
        let day = (n3 & 0xFFFF) / 2_141 + 1
        // Days 306 on of a year that starts in March are January and February of the next.
        let isJanuaryOrFebruary = dayOfYear >= 306
        return (
            100 * century + yearOfCentury + (isJanuaryOrFebruary ? 1 : 0), isJanuaryOrFebruary ? month - 12 : month, day
        )
    }

    /// The civil date of `z` days from 0000-03-01, any `z` (Howard Hinnant's algorithm).
    private static func civilDate(shiftedDays z: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Timestamp: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.quoted(upTo: 20) { writeRFC3339(into: $0) }
    }
}
