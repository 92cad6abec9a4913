/// Reads `serve`'s command line against its option table (`Serve.sections`).
///
/// ArgumentParser builds a command's options by reflecting on its properties, and for `serve`'s forty
/// that was three quarters of the instructions from exec to the first answer (BENCHMARKS.md). The
/// other commands keep ArgumentParser; `serve` reads the two forms it documents, `--name value`
/// and `--name=value`, and flags.
enum ServeArguments {
    /// What a command line asks of `serve`.
    enum Request {
        case run(Serve)
        case help
        case version
    }

    /// The request `arguments` (those after `serve`) make, its values validated.
    static func read(_ arguments: [String]) throws(UsageError) -> Request {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        if arguments.contains("--version") { return .version }
        let options = Serve.sections.flatMap(\.options)
        var serve = Serve()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("Unexpected argument '\(argument)': serve takes only options, such as --port 8080.")
            }
            let nameAndValue = argument.dropFirst(2)
            let equals = nameAndValue.firstIndex(of: "=")
            let name = String(nameAndValue[..<(equals ?? nameAndValue.endIndex)])
            let attached = equals.map { String(nameAndValue[nameAndValue.index(after: $0)...]) }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("Unknown option '--\(name)'.")
            }
            switch option.reading {
            case .flag(let set):
                guard attached == nil else { throw UsageError("'--\(name)' is a flag and takes no value.") }
                set(&serve)
            case .value(let expected, let store):
                let value: String
                if let attached {
                    value = attached
                } else {
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
                        throw UsageError("Missing value for '\(option.synopsis)'.")
                    }
                    value = arguments[index]
                    index += 1
                }
                guard store(&serve, value) else {
                    throw UsageError("The value '\(value)' is invalid for '\(option.synopsis)': expected \(expected).")
                }
            }
        }
        try serve.validate()
        return .run(serve)
    }
}
