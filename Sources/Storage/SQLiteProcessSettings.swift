import CSQLiteSettings

/// SQLite's settings for the whole process, made once before its first connection opens.
///
/// SQLite keeps allocation statistics by default, taking a global mutex around each of the half
/// dozen allocations a point read makes: on a loop thread's read, whose connection needs no mutex
/// of its own, those were most of the locking left (BENCHMARKS.md). Nothing here reads the
/// statistics (no soft heap limit, no `sqlite3_memory_used`).
enum SQLiteProcessSettings {
    /// Applies the settings on first use. When SQLite was already initialized — a library opened a
    /// connection first — they stay SQLite's defaults: slower, never wrong.
    static let applied: Void = {
        _ = counterpart_sqlite_disable_memory_statistics()
    }()
}
