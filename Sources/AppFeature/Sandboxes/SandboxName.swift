public import HTTPKit
import Storage

/// A sandbox's name as clients spell it (api.md §6.4): 1–64 of `[A-Za-z0-9._-]`, so it fits a path
/// segment, a header and a SQLite key without escaping.
public struct SandboxName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The name as given.
    public let rawValue: String

    /// The sandbox of every request that names none.
    public static let `default` = SandboxName(checked: SandboxPartition.default.key)

    /// Validates `text`, found in `source` (the path or the header, named in the 400 it throws).
    public init(_ text: some StringProtocol, source: String) throws(RouteError) {
        guard SafeName.accepts(text) else {
            let shown =
                text.count > SafeName.maximumLength ? text.prefix(SafeName.maximumLength) + "…" : Substring(text)
            throw RouteError(
                .malformedRequest(
                    "The sandbox name \(shown) in the \(source) is invalid: use 1–64 letters, digits, '.', '_' or '-'.",
                    errors: [
                        FieldError(
                            field: source, code: "invalid", detail: "A sandbox name is 1–64 of [A-Za-z0-9._-].")
                    ]
                )
            )
        }
        rawValue = String(text)
    }

    private init(checked: String) {
        rawValue = checked
    }

    /// Whether this is the default sandbox, the one requests without a name use.
    public var isDefault: Bool { self == .default }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
