import CSQLiteSettings

/// SQLite's settings for the whole process, made at start-up before any connection opens.
///
/// SQLite keeps allocation statistics by default, taking a global mutex around each of the half
/// dozen allocations a point read makes: on a loop thread's read, whose connection needs no mutex
/// of its own, those were most of the locking left (BENCHMARKS.md). Nothing here reads the
/// statistics (no soft heap limit, no `sqlite3_memory_used`).
public enum SQLiteProcessSettings {
    /// Applies the settings. Called by `serve` before its threads start: `sqlite3_config` must not
    /// race SQLite's initialization on another thread. Once SQLite is initialized — a connection
    /// opened first — they stay SQLite's defaults: slower, never wrong.
    public static func apply() {
        _ = counterpart_sqlite_disable_memory_statistics()
    }
}
