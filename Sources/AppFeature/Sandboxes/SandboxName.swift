public import HTTPKit
import Storage

/// A sandbox's name as clients spell it (api.md §6.4): 1–64 of `[A-Za-z0-9._-]`, so it fits a path
/// segment, a header and a SQLite key without escaping — with one character besides `.` at least:
/// URLs resolve the segments `.` and `..` away, so a client following `/sandboxes/../todos/{id}`
/// would be in the default sandbox.
public struct SandboxName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The name as given.
    public let rawValue: String

    /// The sandbox of every request that names none.
    public static let `default` = SandboxName(checked: SandboxPartition.default.key)

    /// Validates `text`, found in `source` (the path or the header, named in the 400 it throws).
    public init(_ text: some StringProtocol, source: String) throws(RouteError) {
        try self.init(stored: text, source: source)
        guard rawValue.utf8.contains(where: { $0 != UInt8(ascii: ".") }) else {
            throw Self.refusal(
                """
                The sandbox name \(rawValue) in the \(source) is only dots: URLs resolve the dot segments . and .. \
                away, so a client following the sandbox's links would leave it. Add another character.
                """,
                field: source, rule: "A sandbox name has a character besides '.'.")
        }
    }

    /// Validates a name read back from `source` (a table) as names were checked when it was stored,
    /// so that a file holding a sandbox named `.` or `..` from before names of dots alone were refused
    /// still opens. No request can reach such a sandbox; it is dropped after `--sandbox-idle` without
    /// a restart (a restart starts its idle clock again).
    package init(stored text: some StringProtocol, source: String) throws(RouteError) {
        guard SafeName.accepts(text) else {
            let shown =
                text.count > SafeName.maximumLength ? text.prefix(SafeName.maximumLength) + "…" : Substring(text)
            throw Self.refusal(
                "The sandbox name \(shown) in the \(source) is invalid: use 1–64 letters, digits, '.', '_' or '-'.",
                field: source, rule: "A sandbox name is 1–64 of [A-Za-z0-9._-].")
        }
        rawValue = String(text)
    }

    /// The 400 for a name `field` gives: `explanation` is the problem's detail and, in GitHub's
    /// envelope (`/search/…`), the error's `message`, so every client is told which name and why.
    static func refusal(_ explanation: String, field: String, rule: String) -> RouteError {
        RouteError(
            .malformedRequest(
                explanation,
                errors: [FieldError(field: field, code: "invalid", detail: rule, message: explanation)]))
    }

    private init(checked: String) {
        rawValue = checked
    }

    /// Whether this is the default sandbox, the one requests without a name use.
    public var isDefault: Bool { self == .default }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
