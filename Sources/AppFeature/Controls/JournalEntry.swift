public import HTTPKit

/// One request as the journal shows it (`GET /__admin/requests`, api.md §6.2).
public struct JournalEntry: Sendable, Equatable {
    /// How the request ended.
    public enum Outcome: String, Sendable {
        /// Answered.
        case completed
        /// The client left first; the request's effects were cancelled.
        case cancelled
        /// `fault=drop`: the connection was closed without an answer.
        case dropped
        /// The request deadline answered 503.
        case timedOut
    }

    /// The request id (`X-Request-Id`).
    public var id: String
    public var method: String
    public var path: String
    /// The raw query, `nil` when the target had none.
    public var query: String?
    /// The status sent, `nil` when the client got none (cancelled, dropped).
    public var status: Int?
    public var outcome: Outcome
    /// When the request arrived.
    public var receivedAt: Timestamp
    /// Milliseconds from arrival to the end, injected delay included.
    public var durationMilliseconds: Double
    /// Milliseconds of injected delay (`Prefer: delay`, `--latency`).
    public var injectedDelayMilliseconds: Double
    /// The `Preference-Applied` value sent, if any.
    public var preferenceApplied: String?

    /// Creates an entry.
    public init(
        id: String, method: String, path: String, query: String?, status: Int?, outcome: Outcome,
        receivedAt: Timestamp, durationMilliseconds: Double, injectedDelayMilliseconds: Double,
        preferenceApplied: String?
    ) {
        self.id = id
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.outcome = outcome
        self.receivedAt = receivedAt
        self.durationMilliseconds = durationMilliseconds
        self.injectedDelayMilliseconds = injectedDelayMilliseconds
        self.preferenceApplied = preferenceApplied
    }
}

extension JournalEntry: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("id", id)
            object.member("method", method)
            object.member("path", path)
            object.member("query", query)
            object.member("status") { writer in
                if let status { writer.integer(status) } else { writer.null() }
            }
            object.member("outcome", outcome.rawValue)
            object.member("receivedAt") { writer in writer.string(receivedAt.description) }
            object.member("durationMs") { writer in writer.number(Self.thousandths(durationMilliseconds)) }
            object.member("injectedDelayMs") { writer in writer.number(Self.thousandths(injectedDelayMilliseconds)) }
            object.member("preferenceApplied", preferenceApplied)
        }
    }

    /// `value` rounded to three decimals, as `Server-Timing` shows it.
    private static func thousandths(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
