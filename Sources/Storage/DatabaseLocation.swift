/// Where `--database` says the data lives.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An in-process database, seeded with the demo data at start, that ends with the process (`memory`).
    case memory
    /// A SQLite file, created and seeded when missing.
    case sqliteFile(path: String)
    /// A PostgreSQL server (`postgres://…`), for several instances behind a load balancer.
    case postgres(url: String)

    /// Parses a `--database` value.
    public init(_ argument: String) {
        if argument == "memory" || argument == ":memory:" {
            self = .memory
        } else if argument.hasPrefix("postgres://") || argument.hasPrefix("postgresql://") {
            self = .postgres(url: argument)
        } else {
            self = .sqliteFile(path: argument)
        }
    }

    public var description: String {
        switch self {
        case .memory: "memory"
        case .sqliteFile(let path): path
        case .postgres: "postgres://…"
        }
    }
}
