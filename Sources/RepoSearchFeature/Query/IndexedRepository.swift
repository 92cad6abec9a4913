/// A repository with its searchable fields tokenised into vocabulary ids, once, at load.
///
/// A class so that touching one costs one reference, not every field; scans test
/// `RepositoryFacts` first and only come here for keywords.
final class IndexedRepository: Sendable {
    let repository: Repository
    let name: [Int32]
    let description: [Int32]
    /// Every topic's tokens, topics separated by `Vocabulary.separator`, which matches nothing:
    /// a phrase cannot run from one topic into the next.
    let topics: [Int32]
    let readme: [Int32]

    /// The tokens of `repository`'s searchable fields, for building the vocabulary first.
    static func tokens(of repository: Repository) -> [String] {
        ([repository.name, repository.description ?? "", repository.readme] + repository.topics)
            .flatMap(SearchTokens.tokens(of:))
    }

    /// Tokenises `repository` into the ids of `vocabulary`, which holds every token it has.
    init(_ repository: Repository, vocabulary: Vocabulary) {
        // Every token is in the vocabulary (built from `tokens(of:)`); were one missing, the separator
        // keeps it from matching or from joining its neighbours into a phrase.
        func ids(_ text: String) -> [Int32] {
            SearchTokens.tokens(of: text).map { vocabulary.id(of: $0) ?? Vocabulary.separator }
        }
        self.repository = repository
        name = ids(repository.name)
        description = ids(repository.description ?? "")
        topics = Array(repository.topics.map(ids).joined(separator: [Vocabulary.separator]))
        readme = ids(repository.readme)
    }
}
