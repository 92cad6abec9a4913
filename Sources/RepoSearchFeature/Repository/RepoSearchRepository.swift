public import Dependencies
public import DependenciesMacros
import IssueReporting
import Storage

/// The searchable repositories, whatever holds them.
///
/// `search` returns the true total and the results from `offset` (at most `limit`), ordered;
/// `repository` one repository by owner and name (case-insensitive) or `SearchError.notFound`.
@DependencyClient
public struct RepoSearchRepository: Sendable {
    /// Matches, orders and pages.
    public var search:
        @Sendable (_ query: SearchQuery, _ order: SearchOrder, _ offset: Int, _ limit: Int) async throws -> SearchPage
    /// One repository.
    public var repository: @Sendable (_ owner: String, _ name: String) async throws -> Repository
    /// The data version: it changes when the repositories are replaced (a reset to another seed), so
    /// an answer cached from the old ones is never served again.
    public var version: @Sendable () -> Int = { 0 }
}

extension RepoSearchRepository: TestDependencyKey {
    /// Unimplemented: a test that reaches an endpoint it did not override fails.
    public static let testValue = RepoSearchRepository()
}

extension RepoSearchRepository: DependencyKey {
    /// Fails loudly until the server's bootstrap installs a backend.
    public static let liveValue = RepoSearchRepository(
        search: { _, _, _, _ in throw unbootstrapped() },
        repository: { _, _ in throw unbootstrapped() },
        version: { 0 }
    )

    private static func unbootstrapped() -> RepositoryError {
        reportIssue(
            "RepoSearchRepository was used before the server installed a backend. Set \\.repoSearchRepository "
                + "with prepareDependencies at boot (AppFeature's AppDatabase does this)."
        )
        return .unknown("RepoSearchRepository is not bootstrapped.")
    }
}

extension DependencyValues {
    /// The repositories `/search/repositories` and `/repos/{owner}/{repo}` read.
    public var repoSearchRepository: RepoSearchRepository {
        get { self[RepoSearchRepository.self] }
        set { self[RepoSearchRepository.self] = newValue }
    }
}
