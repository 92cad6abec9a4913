import Glibc

/// Environment fallbacks for command-line options (`PORT`, `DATABASE_URL`, `COUNTERPART_*`).
enum Environment {
    /// The variable's value, or `nil` when unset or empty.
    static func string(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The variable's integer value, or `nil` when unset or not an integer.
    static func integer(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }
}
