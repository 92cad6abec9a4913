import Testing

@testable import RepoSearchFeature

@Suite("Text matches")
struct TextMatchTests {
    static let example = RepositorySeed.repositories().first { $0.id == 1_000_042 }

    @Test("the example repository's name highlights both keywords at their UTF-16 offsets")
    func example() throws {
        let repository = try #require(Self.example)
        let matches = TextMatch.find(in: repository, for: try SearchQueryParser.parse("composable architecture"))
        let name = try #require(matches.first { $0.property == "name" })
        #expect(name.fragment == "swift-composable-architecture")
        #expect(name.matches.map(\.text) == ["composable", "architecture"])
        #expect(name.matches.map { [$0.start, $0.end] } == [[6, 16], [17, 29]])
    }

    @Test("offsets count UTF-16 units past non-ASCII text; prefixes, phrases and case follow the score's rule")
    func offsets() throws {
        var repository = try #require(Self.example)
        repository.description = "Café SwiftUI — naïve 😀 swift tools"
        func found(_ q: String) throws -> [TextMatch.Occurrence] {
            TextMatch.find(in: repository, for: try SearchQueryParser.parse(q + " in:description")).flatMap(\.matches)
        }
        #expect(try found("swift").map { [$0.start, $0.end] } == [[5, 12], [24, 29]])
        #expect(try found("swift").map(\.text) == ["SwiftUI", "swift"])
        #expect(try found("\"swift tools\"").map(\.text) == ["swift tools"])
        #expect(try found("ui").isEmpty, "a keyword under three characters matches whole tokens only")
        #expect(try found("composable").isEmpty, "only searched fields are highlighted")
        #expect(try found("swift swift").map(\.text) == ["SwiftUI", "swift"], "a repeated keyword highlights once")
        #expect(try found("swift swiftui").map(\.text) == ["SwiftUI", "swift"], "overlaps merge")
        #expect(try found("\"swift tools\" swift").map(\.text) == ["SwiftUI", "swift tools"])
        let utf16 = Array(repository.description!.utf16)
        for occurrence in try found("naïve swift") {
            #expect(String(decoding: utf16[occurrence.start..<occurrence.end], as: UTF16.self) == occurrence.text)
        }
    }

    @Test("spans are the same tokens the index uses, for every seeded text and non-ASCII text")
    func spansAreTokens() {
        let texts =
            RepositorySeed.repositories().flatMap { [$0.name, $0.description ?? "", $0.readme] + $0.topics }
            + ["Café SwiftUI — naïve 😀 swift-tools", "e\u{301}x A1b2", "ΑΒΓ abc", ""]
        for text in texts {
            #expect(SearchTokens.spans(of: text).map(\.token) == SearchTokens.tokens(of: text), "\(text)")
        }
    }
}
