import HTTPKit
import HTTPTypes
import RepoSearchFeature
import Testing

@Suite("Search query language")
struct SearchQueryParserTests {
    func parse(_ q: String) throws(SearchError) -> SearchQuery { try SearchQueryParser.parse(q) }

    func failure(_ q: String) -> SearchError? {
        do {
            _ = try parse(q)
            return nil
        } catch {
            return error
        }
    }

    @Test("keywords tokenise; quoted words make a phrase; AND is ignored")
    func keywords() throws {
        let query = try parse(#"swift-composable AND "state management" Parser"#)
        #expect(query.keywords.map(\.tokens) == [["swift", "composable"], ["state", "management"], ["parser"]])
        #expect(query.fields == [.name, .description, .topics])
    }

    @Test("qualifiers become conditions; NOT and - negate")
    func qualifiers() throws {
        let query = try parse("language:Swift language:go -license:mit NOT archived:true in:name,readme fork:only")
        #expect(query.fields == [.name, .readme])
        #expect(query.forks == .only)
        #expect(
            query.conditions == [
                .init(predicate: .language("swift"), negated: false),
                .init(predicate: .language("go"), negated: false),
                .init(predicate: .license("mit"), negated: true),
                .init(predicate: .archived(true), negated: true),
            ]
        )
    }

    @Test(
        "numeric ranges",
        arguments: [
            ("stars:10", 10, 10), ("stars:>10", 11, nil), ("stars:>=10", 10, nil), ("stars:<10", nil, 9),
            ("stars:<=10", nil, 10), ("stars:10..50", 10, 50), ("stars:10..*", 10, nil), ("stars:*..50", nil, 50),
        ] as [(String, Int?, Int?)])
    func ranges(q: String, lower: Int?, upper: Int?) throws {
        #expect(
            try parse(q).conditions == [.init(predicate: .stars(.init(lower: lower, upper: upper)), negated: false)])
    }

    @Test("a bound at Int.max parses instead of overflowing")
    func hugeBound() throws {
        #expect(try parse("stars:>9223372036854775807").conditions.count == 1)
    }

    @Test("dates are whole UTC days: >2020-01-01 starts 2020-01-02")
    func dates() throws {
        let day = Timestamp(rfc3339: "2020-01-02T00:00:00Z")?.secondsSince1970
        #expect(
            try parse("created:>2020-01-01").conditions == [
                .init(predicate: .created(.init(from: day, before: nil)), negated: false)
            ])
        let start = Timestamp(rfc3339: "2020-01-01T00:00:00Z")?.secondsSince1970
        #expect(
            try parse("pushed:2020-01-01").conditions
                == [.init(predicate: .pushed(.init(from: start, before: day)), negated: false)]
        )
    }

    @Test(
        "every bad term is a 422 invalid naming it",
        arguments: [
            "stars:lots", "created:2020-13-01", "foo:bar", "swift OR kotlin", "in:title", "fork:maybe", "archived:yes",
            "repo:justname", "a NOT b NOT c NOT d NOT e NOT f AND g", "!!!", "(", "\"\"", "NOT", "- AND", "in:name",
        ])
    func invalid(q: String) {
        let error = failure(q)
        guard case .invalid(let field, let detail) = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(field == "q")
        #expect(!detail.isEmpty)
        #expect(error?.problem.status == .unprocessableContent)
        #expect(error?.problem.message == "Validation Failed")
    }

    @Test("limits: 1,024 raw characters, 256 of keywords")
    func limits() {
        #expect(failure(String(repeating: "a ", count: 513)) != nil)
        #expect(failure(String(repeating: "abcdefgh ", count: 40)) != nil)
        #expect(failure("stars:>1 " + String(repeating: "x", count: 200)) == nil)
    }
}
