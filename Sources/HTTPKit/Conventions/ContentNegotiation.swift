/// `Accept` matching (RFC 9110 §12.5.1), enough for the types Counterpart offers.
public enum ContentNegotiation {
    /// Returns the first of `offered` (bare `type/subtype`) that `accept` allows with q > 0, or `nil`.
    /// An absent or empty `Accept` allows anything.
    public static func choose(from offered: [String], accept: String?) -> String? {
        guard let accept, !accept.trimmingSpaces.isEmpty else { return offered.first }
        let ranges = ranges(of: accept)
        var best: (type: String, quality: Double)?
        for type in offered {
            let quality = self.quality(of: type, in: ranges)
            guard quality > 0 else { continue }
            if let current = best, quality <= current.quality { continue }
            best = (type, quality)
        }
        return best?.type
    }

    /// Whether `accept` names `type` itself (case aside) with a quality above 0 — not through a
    /// wildcard: for variants a client must ask for by name, like GitHub's text-match JSON.
    public static func names(_ type: String, in accept: String) -> Bool {
        let type = type.lowercased()
        return ranges(of: accept).contains { $0.media == type && $0.quality > 0 }
    }

    /// The quality `ranges` give `type`: the most specific matching range wins.
    private static func quality(of type: String, in ranges: [(media: String, quality: Double)]) -> Double {
        let major = type.split(separator: "/", maxSplits: 1).first.map(String.init) ?? type
        var match: (specificity: Int, quality: Double)?
        for range in ranges {
            let specificity: Int
            if range.media == type {
                specificity = 3
            } else if range.media == major + "/*" {
                specificity = 2
            } else if range.media == "*/*" {
                specificity = 1
            } else {
                continue
            }
            if let current = match, specificity <= current.specificity { continue }
            match = (specificity, range.quality)
        }
        return match?.quality ?? 0
    }

    /// The media ranges of an `Accept` value, lowercased, each with its `q` (1 when absent).
    private static func ranges(of accept: String) -> [(media: String, quality: Double)] {
        accept.split(separator: ",").compactMap { range in
            let fields = range.split(separator: ";").map { $0.trimmingSpaces }
            guard let media = fields.first?.lowercased(), !media.isEmpty else { return nil }
            let quality = fields.dropFirst().first { $0.lowercased().hasPrefix("q=") }.map {
                Double($0.dropFirst(2)) ?? 0
            }
            return (media, quality ?? 1)
        }
    }
}
