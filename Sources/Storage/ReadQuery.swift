import Synchronization

/// A bounded read's SQL, declared once (a `static let`) and prepared once per connection.
///
/// A connection of `LocalReads` finds the query's prepared statement by the slot the query was
/// given when it was made, an array index, where looking the statement up by its text hashed the
/// whole SQL on every read (1 % of an uncached `GET /todos/{id}`: measured).
public struct ReadQuery: Sendable {
    /// The statement's SQL, every value a `?` bound by position.
    public let sql: String
    /// This query's index among every query made in the process.
    let slot: Int

    /// A query of `sql`; make each one once, as a `static let`, since every query made takes a slot
    /// in every connection's table.
    public init(_ sql: String) {
        self.sql = sql
        slot = Self.slots.add(1, ordering: .relaxed).oldValue
    }

    private static let slots = Atomic<Int>(0)
}
