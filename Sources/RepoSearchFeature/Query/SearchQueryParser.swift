import Foundation
import HTTPKit

/// Parses GitHub's `q` syntax (api.md §3.2) into a `SearchQuery`, or the 422 GitHub would send.
public enum SearchQueryParser {
    static let rawLimit = 1_024
    static let keywordLimit = 256
    static let operatorLimit = 5

    /// Parses `q`; throws `SearchError.invalid` naming the offending term.
    public static func parse(_ q: String) throws(SearchError) -> SearchQuery {
        guard q.count <= rawLimit else { throw .invalid("q", "q is longer than \(rawLimit) characters.") }
        var query = SearchQuery()
        var negateNext = false
        var operators = 0
        var keywordCharacters = 0
        var searchesSomething = false
        for term in terms(of: q) {
            if !term.quoted, term.text == "AND" || term.text == "NOT" {
                operators += 1
                guard operators <= operatorLimit else {
                    throw .invalid("q", "q has more than \(operatorLimit) AND/NOT operators.")
                }
                if term.text == "NOT" { negateNext = true }
                continue
            }
            if !term.quoted, term.text == "OR" {
                throw .invalid(
                    "q", "OR is not supported; repeat a language, license, user, org or repo qualifier to OR it.")
            }
            var text = Substring(term.text)
            var negated = negateNext
            negateNext = false
            if !term.quoted, let colon = text.firstIndex(of: ":"), colon != text.startIndex {
                if text.hasPrefix("-") {
                    negated = true
                    text = text.dropFirst()
                }
                // Substrings share their base's indices, so `colon` still points at the colon.
                let name = String(text[..<colon]).lowercased()
                let value = String(text[text.index(after: colon)...])
                try apply(name: name, value: value, negated: negated, term: term.text, to: &query)
                searchesSomething = searchesSomething || name != "in"  // in: only picks fields
                continue
            }
            let tokens = SearchTokens.tokens(of: String(text))
            guard !tokens.isEmpty else { continue }
            keywordCharacters += text.count
            guard keywordCharacters <= keywordLimit else {
                throw .invalid("q", "q has more than \(keywordLimit) characters of keywords.")
            }
            let keyword = SearchQuery.Keyword(tokens: tokens)
            if negated { query.excludedKeywords.append(keyword) } else { query.keywords.append(keyword) }
            searchesSomething = true
        }
        // `q=(` or `q=NOT` is not blank, but it asks for nothing: answering every repository would
        // surprise the client that sent it more than this 422 does.
        guard searchesSomething else {
            throw .invalid(
                "q", "q has nothing to search for: keywords match letters and digits, and it has no qualifier.")
        }
        return query
    }

    /// Space-separated terms; double quotes group words (and may wrap a qualifier's value).
    static func terms(of q: String) -> [(text: String, quoted: Bool)] {
        var terms: [(String, Bool)] = []
        var current = ""
        var inQuotes = false
        var quoted = false
        for character in q {
            if character == "\"" {
                inQuotes.toggle()
                if current.isEmpty || !current.contains(":") { quoted = true }
            } else if character.isWhitespace, !inQuotes {
                if !current.isEmpty { terms.append((current, quoted)) }
                current = ""
                quoted = false
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { terms.append((current, quoted)) }
        return terms
    }

    private static func apply(name: String, value: String, negated: Bool, term: String, to query: inout SearchQuery)
        throws(SearchError)
    {
        func add(_ predicate: SearchQuery.Predicate) {
            query.conditions.append(SearchQuery.Condition(predicate: predicate, negated: negated))
        }
        let lowered = value.lowercased()
        switch name {
        case "in":
            var fields = Set<SearchField>()
            for part in lowered.split(separator: ",") {
                guard let field = SearchField(rawValue: String(part)) else {
                    throw .invalid("q", "\(term): in: takes name, description, topics or readme.")
                }
                fields.insert(field)
            }
            guard !fields.isEmpty else { throw .invalid("q", "\(term): in: needs a field.") }
            query.fields = fields
        case "language": add(.language(lowered))
        case "license": add(.license(lowered))
        case "user": add(.user(lowered))
        case "org": add(.organisation(lowered))
        case "repo":
            guard lowered.split(separator: "/").count == 2 else {
                throw .invalid("q", "\(term): repo: takes owner/name.")
            }
            add(.repository(lowered))
        case "topic": add(.topic(lowered))
        case "stars": add(.stars(try range(value, term)))
        case "forks": add(.forks(try range(value, term)))
        case "size": add(.size(try range(value, term)))
        case "topics": add(.topicCount(try range(value, term)))
        case "good-first-issues": add(.goodFirstIssues(try range(value, term)))
        case "help-wanted-issues": add(.helpWantedIssues(try range(value, term)))
        case "created": add(.created(try timeRange(value, term)))
        case "pushed": add(.pushed(try timeRange(value, term)))
        case "archived": add(.archived(try flag(lowered, term)))
        case "template": add(.template(try flag(lowered, term)))
        case "mirror": add(.mirror(try flag(lowered, term)))
        case "fork":
            switch lowered {
            case "true": query.forks = negated ? .excluded : .included
            case "only": query.forks = negated ? .excluded : .only
            case "false": query.forks = .excluded
            default: throw .invalid("q", "\(term): fork: takes true or only.")
            }
        case "is":
            switch lowered {
            case "public": add(.isPublic(true))
            case "private": add(.isPublic(false))
            default: throw .invalid("q", "\(term): is: takes public or private.")
            }
        default:
            throw .invalid("q", "\(term): \(name): is not a qualifier this server supports.")
        }
    }

    private static func flag(_ value: String, _ term: String) throws(SearchError) -> Bool {
        switch value {
        case "true": return true
        case "false": return false
        default: throw .invalid("q", "\(term): the value must be true or false.")
        }
    }

    /// `N`, `>N`, `>=N`, `<N`, `<=N`, `N..M`, `N..*`, `*..N`.
    static func range(_ value: String, _ term: String) throws(SearchError) -> SearchQuery.Range {
        let bad = SearchError.invalid("q", "\(term): \(value) is not a number or a range like >10, 10..50 or *..5.")
        func number(_ text: Substring) throws(SearchError) -> Int? {
            if text == "*" { return nil }
            guard let value = Int(text), value >= 0 else { throw bad }
            return value
        }
        if let dots = value.range(of: "..") {
            let range = SearchQuery.Range(
                lower: try number(value[..<dots.lowerBound]), upper: try number(value[dots.upperBound...]))
            return range
        }
        for (prefix, make) in comparisons {
            if value.hasPrefix(prefix), let bound = Int(value.dropFirst(prefix.count)), bound >= 0 {
                return make(bound)
            }
        }
        guard let exact = Int(value), exact >= 0 else { throw bad }
        return SearchQuery.Range(lower: exact, upper: exact)
    }

    private static let comparisons: [(String, @Sendable (Int) -> SearchQuery.Range)] = [
        (">=", { SearchQuery.Range(lower: $0, upper: nil) }),
        ("<=", { SearchQuery.Range(lower: nil, upper: $0) }),
        (">", { SearchQuery.Range(lower: $0 == Int.max ? $0 : $0 + 1, upper: nil) }),
        ("<", { SearchQuery.Range(lower: nil, upper: $0 - 1) }),
    ]

    /// The same operators on `YYYY-MM-DD` (whole UTC days) or RFC 3339 times.
    static func timeRange(_ value: String, _ term: String) throws(SearchError) -> SearchQuery.TimeRange {
        let bad = SearchError.invalid(
            "q", "\(term): \(value) is not a date (YYYY-MM-DD), a time (RFC 3339) or a range of them.")
        func bounds(_ text: Substring) throws(SearchError) -> (start: Int64, end: Int64)? {
            if text == "*" { return nil }
            if text.count == 10, let day = Timestamp(rfc3339: text + "T00:00:00Z") {
                return (day.secondsSince1970, day.secondsSince1970 + 86_400)
            }
            guard let time = Timestamp(rfc3339: String(text)) else { throw bad }
            return (time.secondsSince1970, time.secondsSince1970 + 1)
        }
        if let dots = value.range(of: "..") {
            let from = try bounds(value[..<dots.lowerBound])
            let to = try bounds(value[dots.upperBound...])
            return SearchQuery.TimeRange(from: from?.start, before: to?.end)
        }
        for prefix in [">=", "<=", ">", "<"] where value.hasPrefix(prefix) {
            guard let bound = try bounds(value.dropFirst(prefix.count)) else { throw bad }
            switch prefix {
            case ">=": return SearchQuery.TimeRange(from: bound.start, before: nil)
            case "<=": return SearchQuery.TimeRange(from: nil, before: bound.end)
            case ">": return SearchQuery.TimeRange(from: bound.end, before: nil)
            default: return SearchQuery.TimeRange(from: nil, before: bound.start)
            }
        }
        guard let exact = try bounds(Substring(value)) else { throw bad }
        return SearchQuery.TimeRange(from: exact.start, before: exact.end)
    }
}
