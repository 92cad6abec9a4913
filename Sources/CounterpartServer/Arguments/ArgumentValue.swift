/// A value `serve` reads from one command-line argument.
///
/// The one thing `serve`'s reader (``ServeArguments``) asks of an option's type; `--help` shows a
/// default as the value describes itself.
protocol ArgumentValue {
    /// The value an argument spells, or `nil` when it spells none.
    init?(argument: String)

    /// What an argument must spell, for the message that refuses one that spells nothing.
    static var expected: String { get }
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
