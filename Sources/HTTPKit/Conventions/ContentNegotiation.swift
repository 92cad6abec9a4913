/// `Accept` matching (RFC 9110 §12.5.1), enough for the types Counterpart offers.
public enum ContentNegotiation {
    /// Returns the first of `offered` (bare `type/subtype`) that `accept` allows with q > 0, or `nil`.
    /// An absent or empty `Accept` allows anything.
    public static func choose(from offered: [String], accept: String?) -> String? {
        guard let accept, !accept.trimmingSpaces.isEmpty else { return offered.first }
        var best: (type: String, quality: Double)?
        for type in offered {
            let quality = self.quality(of: type, in: accept)
            guard quality > 0 else { continue }
            if let current = best, quality <= current.quality { continue }
            best = (type, quality)
        }
        return best?.type
    }

    /// The quality `accept` gives `type`: the most specific matching range wins.
    /// Whether `accept` names `type` itself (case aside) with a quality above 0 — not through a
    /// wildcard: for variants a client must ask for by name, like GitHub's text-match JSON.
    public static func names(_ type: String, in accept: String) -> Bool {
        accept.split(separator: ",").contains { range in
            let fields = range.split(separator: ";").map { $0.trimmingSpaces }
            guard fields.first?.lowercased() == type.lowercased() else { return false }
            let quality = fields.dropFirst().first { $0.lowercased().hasPrefix("q=") }.map {
                Double($0.dropFirst(2)) ?? 0
            }
            return (quality ?? 1) > 0
        }
    }

    static func quality(of type: String, in accept: String) -> Double {
        let parts = type.split(separator: "/", maxSplits: 1)
        let major = parts.first.map(String.init) ?? type
        var match: (specificity: Int, quality: Double)?
        for range in accept.split(separator: ",") {
            let fields = range.split(separator: ";").map { $0.trimmingSpaces }
            guard let media = fields.first?.lowercased(), !media.isEmpty else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            let specificity: Int
            if media == type {
                specificity = 3
            } else if media == major + "/*" {
                specificity = 2
            } else if media == "*/*" {
                specificity = 1
            } else {
                continue
            }
            if let current = match, specificity <= current.specificity { continue }
            match = (specificity, quality)
        }
        return match?.quality ?? 0
    }
}
