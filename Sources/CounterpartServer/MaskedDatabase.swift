import PostgresStorage
import Storage

/// `--database` as output may show it: a PostgreSQL URL with its password masked.
func masked(database: String) -> String {
    guard case .postgres(let url) = DatabaseLocation(database) else { return database }
    return (try? PostgresURL(url).description) ?? "postgres://…"
}
