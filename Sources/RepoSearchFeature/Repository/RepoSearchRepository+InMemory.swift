import Synchronization

extension RepoSearchRepository {
    /// `repositories` held in memory, tokenised once; every search narrows them by keyword
    /// (`KeywordPostings`), checks the rest with `RepositoryMatcher`, and never suspends.
    public static func inMemory(_ repositories: [Repository]) -> Self {
        let index = SearchIndex(repositories)
        return Self(search: { index.search($0, $1, $2, $3) }, repository: index.repository, version: { 0 })
    }

    /// The seeded dataset (`seed`, api.md §7), generated on first use so start-up stays fast.
    public static func seeded(seed: UInt64 = 1) -> Self {
        let loaded = LoadedSearchIndex()
        let index: @Sendable () async throws -> SearchIndex = {
            try await loaded.index { RepositorySeed.repositories(seed: seed) }
        }
        return Self(
            search: { try await index().search($0, $1, $2, $3) },
            repository: { try await index().repository($0, $1) },
            version: { 0 }
        )
    }
}

/// A `SearchIndex` loaded on first use from an asynchronous source (a database table).
package final class LoadedSearchIndex: Sendable {
    private let stored = Mutex<SearchIndex?>(nil)

    /// An index not loaded yet.
    package init() {}

    /// The index, loading it with `load` the first time.
    package func index(loading load: () async throws -> [Repository]) async throws -> SearchIndex {
        if let index = stored.withLock({ $0 }) { return index }
        let loaded = SearchIndex(try await load())
        return stored.withLock { current in
            if let current { return current }
            current = loaded
            return loaded
        }
    }
}
