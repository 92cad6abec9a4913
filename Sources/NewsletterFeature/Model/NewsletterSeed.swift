import HTTPKit

/// api.md §7's seeded subscribers: one of each status, so the no-enumeration promise is testable
/// from the first request. Times derive from the seed epoch, never the clock.
public enum NewsletterSeed {
    /// `confirmed@`, `pending@` and `gone@example.com`.
    public static let subscribers: [Subscriber] = [
        Subscriber(
            email: "confirmed@example.com", status: .confirmed, createdAt: minute(0), confirmedAt: minute(5)),
        Subscriber(email: "pending@example.com", status: .pending, createdAt: minute(1)),
        Subscriber(
            email: "gone@example.com", status: .unsubscribed, createdAt: minute(2), confirmedAt: nil,
            unsubscribedAt: minute(10)),
    ]

    private static func minute(_ number: Int64) -> Timestamp {
        Timestamp.seedEpoch.adding(seconds: number * 60)
    }
}
