/// GitHub's text-match metadata for one field of a search result: the field's text and where the
/// query's keywords occur in it, so a search screen can highlight them. Sent when the client asks
/// for it (`Accept: application/vnd.github.text-match+json`, `…v3.text-match+json`).
public struct TextMatch: Sendable, Equatable {
    /// `name` or `description`.
    public var property: String
    /// The field's text.
    public var fragment: String
    /// Where keywords occur, in order and without overlaps.
    public var matches: [Occurrence]

    /// One highlighted stretch of `fragment`.
    public struct Occurrence: Sendable, Equatable {
        /// The text as it appears in `fragment`.
        public var text: String
        /// Its `[start, end)` offsets in `fragment`, in UTF-16 code units as GitHub (and
        /// JavaScript) count them.
        public var start: Int
        public var end: Int
    }

    /// The matches of `query`'s keywords in `repository`'s name and description — where searched —
    /// by the rule that scores them (api.md §3.3): a whole token, consecutive tokens for a phrase,
    /// or a token that a keyword of three or more characters begins. Topics and the README are not
    /// highlighted; an item matched only there gets `[]`. Overlapping matches (`swift swiftui`)
    /// are merged into one stretch.
    public static func find(in repository: Repository, for query: SearchQuery) -> [TextMatch] {
        var found: [TextMatch] = []
        for (field, text) in [(SearchField.name, repository.name), (.description, repository.description ?? "")]
        where query.fields.contains(field) && !text.isEmpty {
            let spans = SearchTokens.spans(of: text)
            var ranges: [Range<Int>] = []
            for keyword in query.keywords {
                for start in spans.indices where matches(keyword.tokens, spans, at: start) {
                    ranges.append(spans[start].start..<spans[start + keyword.tokens.count - 1].end)
                }
            }
            let occurrences = merged(ranges).map { range in
                Occurrence(text: slice(text, range), start: range.lowerBound, end: range.upperBound)
            }
            if !occurrences.isEmpty {
                found.append(TextMatch(property: field.rawValue, fragment: text, matches: occurrences))
            }
        }
        return found
    }

    /// Whether `keyword` matches `spans` from `start`: consecutive equal tokens, or one token of
    /// three or more characters that begins the span's token.
    private static func matches(_ keyword: [String], _ spans: [TokenSpan], at start: Int) -> Bool {
        guard !keyword.isEmpty, start + keyword.count <= spans.count else { return false }
        if keyword.count == 1, keyword[0].utf8.count >= 3 { return spans[start].token.hasPrefix(keyword[0]) }
        return zip(keyword, spans[start...]).allSatisfy { $0 == $1.token }
    }

    /// `ranges` sorted, with overlapping or repeated ones joined.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound < last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The text at UTF-16 offsets `range` of `text` (token boundaries, so whole scalars).
    private static func slice(_ text: String, _ range: Range<Int>) -> String {
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let upper = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
        return String(text[lower..<upper])
    }
}
