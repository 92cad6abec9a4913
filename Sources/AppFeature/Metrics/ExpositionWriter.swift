/// Writes metric families in Prometheus' text format (0.0.4), for the figures Counterpart records
/// itself rather than through swift-prometheus (`AnswerMetrics`, `DurationFamily`,
/// `ScrapedFigures`).
///
/// A family is its `# HELP` and `# TYPE` lines, then its samples; a histogram's buckets are
/// cumulative and end at `+Inf`, followed by `_sum` (seconds) and `_count`, as swift-prometheus
/// writes its own, so a scrape reads the same whichever wrote a family.
struct ExpositionWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8]

    /// Continues `bytes` (the registry's own exposition).
    init(continuing bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// The `# HELP` and `# TYPE` lines that open family `name`.
    mutating func family(_ name: String, type: String, help: String) {
        append("# HELP \(name) ")
        for byte in help.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): append(#"\\"#)
            case UInt8(ascii: "\n"): append(#"\n"#)
            default: bytes.append(byte)
            }
        }
        append("\n# TYPE \(name) \(type)\n")
    }

    /// One sample: `name{labels} value`.
    mutating func sample(_ name: String, _ labels: [(String, String)], _ value: String) {
        append(name)
        if !labels.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            for (index, (label, text)) in labels.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(label)
                append(#"=""#)
                appendEscaped(text)
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: " "))
        append(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The samples of one histogram series of family `name`: its cumulative buckets, sum and count.
    mutating func histogram(_ name: String, _ labels: [(String, String)], _ counts: DurationCounts) {
        var cumulative = 0
        for (index, bound) in DurationCounts.boundNanoseconds.enumerated() {
            cumulative += counts.perBucket[index]
            sample(name + "_bucket", labels + [("le", Self.seconds(bound))], String(cumulative))
        }
        sample(name + "_bucket", labels + [("le", "+Inf")], String(counts.count))
        sample(name + "_sum", labels, Self.seconds(counts.sumNanoseconds))
        sample(name + "_count", labels, String(counts.count))
    }

    /// `nanoseconds` as decimal seconds with no trailing zeros but one: `0.00025`, `1.0`.
    static func seconds(_ nanoseconds: Int) -> String {
        let fraction = String(nanoseconds % 1_000_000_000)
        var digits = String(repeating: "0", count: 9 - fraction.count) + fraction
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        return "\(nanoseconds / 1_000_000_000).\(digits)"
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A label value with `\`, `"` and line feeds escaped.
    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): append(#"\\"#)
            case UInt8(ascii: "\""): append(#"\""#)
            case UInt8(ascii: "\n"): append(#"\n"#)
            default: bytes.append(byte)
            }
        }
    }
}
