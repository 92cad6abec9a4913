import AppFeature
import Logging
import Storage
import TodosFeature

#if PostgreSQL
import AppPostgres
#endif

// The one place a build's PostgreSQL trait decides anything: with it, `postgres://` databases are
// served through AppPostgres; without it — the embedded build — no SwiftNIO, BoringSSL or PostgresNIO
// is compiled, and such a location is refused with `PostgresSupport.missing(for:)`'s message.
extension PostgresSupport {
    /// Whether this build serves `postgres://` databases.
    static var isInThisBuild: Bool {
        #if PostgreSQL
        true
        #else
        false
        #endif
    }

    /// What this build can do with a `postgres://` database: pools of `limits`, the todos' feed
    /// as `todoEvents` says, logging through `logger`.
    static func ofThisBuild(
        limits: PostgresLimits = .standard, todoEvents: TodoEventSettings = TodoEventSettings(), logger: Logger
    ) -> PostgresSupport? {
        #if PostgreSQL
        .live(limits: limits, backends: PostgresDomain.all(todoEvents: todoEvents), logger: logger)
        #else
        nil
        #endif
    }
}
