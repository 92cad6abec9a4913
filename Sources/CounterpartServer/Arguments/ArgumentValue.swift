/// A value `serve` reads from one command-line argument: what its reader (``ServeArguments``) asks
/// of an option's type.
protocol ArgumentValue {
    /// The value an argument spells, or `nil` when it spells none.
    init?(argument: String)

    /// What an argument must spell, for the message that refuses one that spells nothing.
    static var expected: String { get }

    /// The value as `--help` shows it after "default:"; `nil` shows no default.
    var shownAsDefault: String? { get }
}

extension ArgumentValue {
    var shownAsDefault: String? { String(describing: self) }
}

/// An option that is unset until given: no default to show.
extension Optional: ArgumentValue where Wrapped: ArgumentValue {
    init?(argument: String) {
        guard let value = Wrapped(argument: argument) else { return nil }
        self = value
    }

    static var expected: String { Wrapped.expected }

    var shownAsDefault: String? { self?.shownAsDefault }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expected: String { "a whole number" }
}

extension UInt64: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expected: String { "a whole number, 0 or more" }
}

extension Double: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expected: String { "a number such as 0.25" }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
    static var expected: String { "any text" }
}
