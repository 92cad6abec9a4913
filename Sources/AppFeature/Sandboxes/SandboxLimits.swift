/// How many sandboxes may live at once and how long one lives unused (api.md §6.4):
/// `--max-sandboxes` and `--sandbox-idle`.
public struct SandboxLimits: Sendable, Equatable {
    /// Live sandboxes besides the default one; a request that would create one more is answered 503.
    public var maximum: Int
    /// Seconds without a request after which a sandbox is dropped.
    public var idleSeconds: Int64

    /// What one named sandbox keeps at most, so that 1,000 of them stay within memory: idempotency
    /// keys (the default sandbox: 10,000), journal entries (1,000) and mails (200). Oldest first out.
    public static let idempotencyKeys = 1_000
    public static let journalEntries = 200
    public static let outboxMails = 50

    /// api.md's defaults: 1,000 sandboxes, an hour.
    public init(maximum: Int = 1_000, idleSeconds: Int64 = 3_600) {
        self.maximum = maximum
        self.idleSeconds = idleSeconds
    }
}
