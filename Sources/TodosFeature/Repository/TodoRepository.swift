public import Dependencies
public import DependenciesMacros
public import Foundation
import IssueReporting
public import Storage

/// The todo store, whatever holds it: in memory, SQLite, later PostgreSQL.
///
/// Three async-throwing endpoints and a version: `list` returns the stored todos narrowed by a filter (the
/// feature sorts, searches and pages them in Swift), `fetch` one todo or `RepositoryError.notFound`,
/// and `write` applies one `TodoChange` atomically through `TodoRules`. Every backend passes the
/// same contract suite.
///
/// ```swift
/// @Dependency(\.todoRepository) var todos
/// let todo = try await todos.fetch(id)
/// ```
@DependencyClient
public struct TodoRepository: Sendable {
    /// The stored todos that pass `filter`, in storage order.
    public var list: @Sendable (_ filter: TodoFilter) async throws -> [Todo]
    /// One todo; throws `RepositoryError.notFound` when there is none.
    public var fetch: @Sendable (_ id: UUID) async throws -> Todo
    /// Applies one change atomically and reports what it did.
    public var write: @Sendable (_ change: TodoChange) async throws -> TodoWriteOutcome
    /// The data version: it changes after every committed write (response cache validity).
    public var version: DataVersionSource = .constant
}

extension TodoRepository: TestDependencyKey {
    /// Unimplemented: a test that reaches an endpoint it did not override fails.
    public static let testValue = TodoRepository()
}

extension TodoRepository: DependencyKey {
    /// Fails loudly until the server's bootstrap installs a real backend from `--database`.
    public static let liveValue = TodoRepository(
        list: { _ in throw unbootstrapped() },
        fetch: { _ in throw unbootstrapped() },
        write: { _ in throw unbootstrapped() },
        version: .constant
    )

    private static func unbootstrapped() -> RepositoryError {
        reportIssue(
            "TodoRepository was used before the server installed a backend. Set \\.todoRepository with "
                + "prepareDependencies at boot (AppFeature's AppDatabase does this from --database)."
        )
        return .unknown("TodoRepository is not bootstrapped.")
    }
}

extension DependencyValues {
    /// The todo store requests read and write.
    public var todoRepository: TodoRepository {
        get { self[TodoRepository.self] }
        set { self[TodoRepository.self] = newValue }
    }
}
