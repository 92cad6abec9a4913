/// One of `serve`'s options: how it is spelt, what it means, and where its value goes.
///
/// The options are a table, so one declaration gives the reader, `--help` and the default it shows.
struct CommandLineOption {
    /// What follows the option on the command line.
    enum Arity {
        /// Nothing: the option sets its flag.
        case flag
        /// One value, the last occurrence winning.
        case value
        /// One value per occurrence, each kept.
        case repeated
    }

    /// The name after `--`.
    let name: String
    let arity: Arity
    let help: String
    /// What a value must spell (``ArgumentValue/expected``); empty for a flag.
    let expected: String
    /// Stores an occurrence's value (`nil` for a flag), or says it spells no value.
    let store: (inout Serve, String?) -> Bool
    /// The default `--help` shows, read from a `Serve` no argument has touched; `nil` shows none.
    let defaultDescription: (Serve) -> String?

    /// `--name <name>`, as usage lines and messages name it.
    var synopsis: String { arity == .flag ? "--\(name)" : "--\(name) <\(name)>" }

    /// An option taking one value of `Value`, shown with its default if it has one.
    static func value<Value: ArgumentValue>(
        _ name: String, _ path: WritableKeyPath<Serve, Value>, help: String
    ) -> Self {
        Self(
            name: name, arity: .value, help: help, expected: Value.expected,
            store: { serve, text in
                guard let text, let value = Value(argument: text) else { return false }
                serve[keyPath: path] = value
                return true
            },
            defaultDescription: { $0[keyPath: path].shownAsDefault })
    }

    /// An option whose every occurrence adds a value to the list.
    static func repeated(_ name: String, _ path: WritableKeyPath<Serve, [String]>, help: String) -> Self {
        Self(
            name: name, arity: .repeated, help: help, expected: String.expected,
            store: { serve, text in
                guard let text else { return false }
                serve[keyPath: path].append(text)
                return true
            },
            defaultDescription: { _ in nil })
    }

    /// A flag: off unless given.
    static func flag(_ name: String, _ path: WritableKeyPath<Serve, Bool>, help: String) -> Self {
        Self(
            name: name, arity: .flag, help: help, expected: "",
            store: { serve, _ in
                serve[keyPath: path] = true
                return true
            },
            defaultDescription: { _ in nil })
    }
}

/// `serve`'s options on one concern, shown together under a title in `--help`.
struct OptionSection {
    let title: String
    let options: [CommandLineOption]
}
