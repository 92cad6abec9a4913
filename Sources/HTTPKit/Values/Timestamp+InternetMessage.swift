extension Timestamp {
    /// The RFC 5322 §3.3 date of a mail's `Date` header, in UTC: `Tue, 24 Nov 2026 00:30:00 +0000`.
    public var internetMessageDate: String {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let secondOfDay = secondsSince1970 - days * 86_400
        let (year, month, day) = Self.civilDate(daysSince1970: days)
        // 1970-01-01 was a Thursday.
        let weekday = Self.weekdays[Int(((days % 7) + 10) % 7)]
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60].map(twoDigits).joined(separator: ":")
        return "\(weekday), \(twoDigits(day)) \(Self.months[Int(month) - 1]) \(year) \(time) +0000"
    }

    /// RFC 9110 §5.6.7's IMF-fixdate of an HTTP `Date` header: `Tue, 24 Nov 2026 00:30:00 GMT`.
    public var httpDate: String { internetMessageDate.dropLast(5) + "GMT" }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
