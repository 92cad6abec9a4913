/// Where a repository's data version comes from, for the response cache (architecture.md §5).
///
/// Exists because the two profiles differ in who can write: one process owns a SQLite file (or its
/// memory), so a counter of its own writes is current and read at once; PostgreSQL is written by
/// every instance, so the version lives in the database and a cached read asks it first — one round
/// trip that keeps read-your-writes across instances.
public enum DataVersionSource: Sendable {
    /// Only this process writes: the version is a counter in memory.
    case local(@Sendable () -> Int)
    /// Other processes write too: the version is read from the database.
    case shared(@Sendable () async throws -> Int)

    /// A source that never changes: data that is only ever seeded.
    public static let constant = DataVersionSource.local { 0 }

    /// The version now, wherever it is kept.
    public func current() async throws -> Int {
        switch self {
        case .local(let read): read()
        case .shared(let read): try await read()
        }
    }

    /// The same versions moved by `offset`: stores that must never report each other's versions.
    public func offset(by offset: Int) -> DataVersionSource {
        switch self {
        case .local(let read): .local { offset &+ read() }
        case .shared(let read): .shared { offset &+ (try await read()) }
        }
    }
}
