/// One of `serve`'s options: how it is spelt, what it means, and where its value goes.
///
/// The options are a table, so one declaration gives the reader, `--help` and the default it shows.
struct CommandLineOption {
    /// What follows the option on the command line, and what an occurrence does.
    enum Reading {
        /// Nothing follows; the option sets its flag.
        case flag((inout Serve) -> Void)
        /// One argument follows: stored, or, when `store` finds it spells no value, refused with
        /// what it must spell (``ArgumentValue/expected``).
        case value(expected: String, store: (inout Serve, String) -> Bool)
    }

    /// The name after `--`.
    let name: String
    let reading: Reading
    /// What `--help` says the option does.
    let help: String
    /// The default `--help` shows, read from a `Serve` no argument has touched; `nil` shows none.
    let defaultDescription: (Serve) -> String?

    /// `--name <name>`, as usage lines and messages name it.
    var synopsis: String {
        switch reading {
        case .flag: "--\(name)"
        case .value: "--\(name) <\(name)>"
        }
    }

    /// An option taking one value of `Value`, the last occurrence winning; shown with its default
    /// when it has one (an `Optional` starts with none).
    static func value<Value: ArgumentValue>(
        _ name: String, _ path: WritableKeyPath<Serve, Value>, help: String
    ) -> Self {
        Self(
            name: name,
            reading: .value(expected: Value.expected) { serve, text in
                guard let value = Value(argument: text) else { return false }
                serve[keyPath: path] = value
                return true
            },
            help: help,
            defaultDescription: { $0[keyPath: path].shownAsDefault })
    }

    /// An option whose every occurrence adds its value to the list.
    static func repeated(_ name: String, _ path: WritableKeyPath<Serve, [String]>, help: String) -> Self {
        Self(
            name: name,
            reading: .value(expected: String.expected) { serve, text in
                serve[keyPath: path].append(text)
                return true
            },
            help: help, defaultDescription: { _ in nil })
    }

    /// A flag: off unless given.
    static func flag(_ name: String, _ path: WritableKeyPath<Serve, Bool>, help: String) -> Self {
        Self(
            name: name, reading: .flag { serve in serve[keyPath: path] = true }, help: help,
            defaultDescription: { _ in nil })
    }
}

/// `serve`'s options on one concern, shown together under a title in `--help`.
struct OptionSection {
    let title: String
    let options: [CommandLineOption]
}
