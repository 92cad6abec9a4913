/// A repository with its searchable fields tokenised into vocabulary ids, once, at load.
///
/// A class so that touching one costs one reference, not every field; scans test
/// `RepositoryFacts` first and only come here for keywords.
package final class IndexedRepository: Sendable {
    let repository: Repository
    let name: [Int32]
    let description: [Int32]
    /// Every topic's tokens, topics separated by `Vocabulary.separator`, which matches nothing:
    /// a phrase cannot run from one topic into the next.
    let topics: [Int32]
    let readme: [Int32]

    /// A repository's searchable fields as tokens: made once, then numbered once the vocabulary of
    /// every repository is known.
    package struct Tokens {
        package let name: [String]
        package let description: [String]
        package let topics: [[String]]
        package let readme: [String]

        /// `repository`'s searchable fields, tokenised.
        package init(_ repository: Repository) {
            name = SearchTokens.tokens(of: repository.name)
            description = SearchTokens.tokens(of: repository.description ?? "")
            topics = repository.topics.map(SearchTokens.tokens(of:))
            readme = SearchTokens.tokens(of: repository.readme)
        }

        /// Every token, for the vocabulary.
        var all: [String] { name + description + readme + topics.joined() }
    }

    /// Numbers `tokens` of `repository` with `vocabulary`, which holds every one of them.
    init(_ repository: Repository, tokens: Tokens, vocabulary: Vocabulary) {
        // Were a token missing, the separator keeps it from matching or joining a phrase.
        func ids(_ tokens: [String]) -> [Int32] { tokens.map { vocabulary.id(of: $0) ?? Vocabulary.separator } }
        self.repository = repository
        name = ids(tokens.name)
        description = ids(tokens.description)
        topics = Array(tokens.topics.map(ids).joined(separator: [Vocabulary.separator]))
        readme = ids(tokens.readme)
    }
}
