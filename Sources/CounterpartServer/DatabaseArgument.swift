import ArgumentParser
import Storage

/// `--database` (default: `DATABASE_URL`, else `counterpart.sqlite`): `memory`, a SQLite file path or
/// a `postgres://` URL. Exists so that every place the value is shown — `--help`'s default, log
/// lines, messages — shows a PostgreSQL password as `***`.
struct DatabaseArgument: ExpressibleByArgument, ArgumentValue, CustomStringConvertible {
    /// The value as given.
    let text: String

    init?(argument: String) {
        text = argument
    }

    private init(_ text: String) {
        self.text = text
    }

    /// The default: the environment's `DATABASE_URL`, else the SQLite file beside the process.
    static var fromEnvironment: DatabaseArgument {
        DatabaseArgument(Environment.string("DATABASE_URL") ?? "counterpart.sqlite")
    }

    /// Where the data is.
    var location: DatabaseLocation { DatabaseLocation(text) }

    /// The value with a PostgreSQL password masked.
    var description: String {
        guard case .postgres(let url) = location else { return text }
        return (try? PostgresURL(url).description) ?? "postgres://…"
    }

    var defaultValueDescription: String { description }

    static var expected: String { "memory, a SQLite file path or a postgres:// URL" }
}
