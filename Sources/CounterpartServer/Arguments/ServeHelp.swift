/// `counterpart serve --help`: the option table rendered by concern, each option with its default,
/// laid out as ArgumentParser lays out the other commands' help.
enum ServeHelp {
    /// The line that shows how `serve` is called.
    static let usage = "counterpart serve [<options>]"

    /// Columns the text is wrapped to, and where an option's description starts.
    private static let width = 80
    private static let descriptionColumn = 26

    /// The whole help text, with the defaults a `Serve` no argument has touched has (so `PORT` and
    /// `DATABASE_URL` show as the defaults they make).
    static func text() -> String {
        let defaults = Serve()
        var lines = ["OVERVIEW: Serve the HTTP API.", ""]
        lines += wrapped(Serve.discussion, indent: 0)
        lines += ["", "USAGE: \(usage)"]
        for section in Serve.sections {
            lines += ["", section.title.uppercased() + ":"]
            for option in section.options {
                let shown = option.defaultDescription(defaults).map { " (default: \($0))" } ?? ""
                lines += entry(option.synopsis, option.help + shown)
            }
        }
        lines +=
            ["", "OPTIONS:"] + entry("--version", "Show the version.") + entry("-h, --help", "Show help information.")
        return lines.joined(separator: "\n")
    }

    /// An option's label, its description beside it, or below it when the label is too long.
    private static func entry(_ label: String, _ description: String) -> [String] {
        let lines = wrapped(description, indent: descriptionColumn)
        let head = "  " + label
        guard head.count < descriptionColumn else { return [head] + lines }
        let padding = String(repeating: " ", count: descriptionColumn - head.count)
        return [head + padding + lines[0].dropFirst(descriptionColumn)] + lines.dropFirst()
    }

    /// `text` broken between words into lines of at most `width` columns, each indented by `indent`.
    private static func wrapped(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        return lines + [line]
    }
}
