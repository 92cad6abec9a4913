import HTTPKit

/// GitHub's text-match metadata for one field of a search result: the field's text and where the
/// query's keywords occur in it, so a search screen can highlight them. Sent when the client asks
/// for it (`Accept: application/vnd.github.text-match+json`, `…v3.text-match+json`).
public struct TextMatch: Sendable, Equatable {
    /// `name` or `description`.
    public var property: String
    /// The field's text.
    public var fragment: String
    /// Each occurrence: its text and its `[start, end)` offsets in `fragment`, in UTF-16 code
    /// units as GitHub (and JavaScript) count them.
    public var matches: [Occurrence]

    /// One highlighted occurrence.
    public struct Occurrence: Sendable, Equatable {
        public var text: String
        public var start: Int
        public var end: Int
    }

    /// The matches of `query`'s keywords in `repository`'s searched name and description, by the
    /// rule that scores them (api.md §3.3): a whole token, consecutive tokens for a phrase, or a
    /// token that a keyword of three or more characters begins.
    public static func find(in repository: Repository, for query: SearchQuery) -> [TextMatch] {
        var found: [TextMatch] = []
        for (field, text) in [(SearchField.name, repository.name), (.description, repository.description ?? "")]
        where query.fields.contains(field) && !text.isEmpty {
            let tokens = TokenSpan.spans(of: text)
            var occurrences: [Occurrence] = []
            for keyword in query.keywords {
                for start in tokens.indices where keyword.matches(tokens, at: start) {
                    let last = tokens[start + keyword.tokens.count - 1]
                    let range = tokens[start].start..<last.end
                    occurrences.append(
                        Occurrence(text: tokens.text(range, in: text), start: range.lowerBound, end: range.upperBound))
                }
            }
            if !occurrences.isEmpty {
                found.append(
                    TextMatch(
                        property: field.rawValue, fragment: text, matches: occurrences.sorted { $0.start < $1.start }))
            }
        }
        return found
    }
}

extension TextMatch {
    /// Writes GitHub's `text_matches` element; `objectURL` is the repository's API URL.
    func write(to writer: inout JSONWriter, objectURL: JSONText) {
        writer.object { object in
            object.member("object_url") { $0.string(objectURL) }
            object.member("object_type", "Repository")
            object.member("property", property)
            object.member("fragment", fragment)
            object.member("matches") { writer in
                writer.array(matches) { writer, occurrence in
                    writer.object { object in
                        object.member("text", occurrence.text)
                        object.member("indices") { writer in
                            writer.array([occurrence.start, occurrence.end]) { $0.integer($1) }
                        }
                    }
                }
            }
        }
    }
}

/// A search token with its place in the text, in UTF-16 offsets.
struct TokenSpan {
    let token: String
    let start: Int
    let end: Int

    /// The tokens of `text` (api.md §3.3: runs of ASCII letters and digits, lowercased) and where
    /// each lies.
    static func spans(of text: String) -> [TokenSpan] {
        var spans: [TokenSpan] = []
        var current = ""
        var start = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                spans.append(TokenSpan(token: current.lowercased(), start: start, end: offset))
                current = ""
            }
            offset += scalar.utf16.count
        }
        if !current.isEmpty { spans.append(TokenSpan(token: current.lowercased(), start: start, end: offset)) }
        return spans
    }
}

extension [TokenSpan] {
    /// The text of `range` (UTF-16 offsets) in `text`.
    func text(_ range: Range<Int>, in text: String) -> String {
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let upper = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
        return String(text[lower..<upper])
    }
}

extension SearchQuery.Keyword {
    /// Whether the keyword matches `spans` starting at `start`: consecutive equal tokens, or one
    /// token of three or more characters that begins the span's token.
    func matches(_ spans: [TokenSpan], at start: Int) -> Bool {
        guard start + tokens.count <= spans.count else { return false }
        if tokens.count == 1, tokens[0].utf8.count >= 3 { return spans[start].token.hasPrefix(tokens[0]) }
        return zip(tokens, spans[start...]).allSatisfy { $0 == $1.token }
    }
}
