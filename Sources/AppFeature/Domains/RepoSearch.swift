import Dependencies
import RepoSearchFeature

extension Domain {
    /// GitHub-compatible repository search (api.md §3), over a read-only dataset every sandbox
    /// shares.
    public static let repoSearch = Domain(
        name: "search",
        summaryKey: "repositories",
        endpoints: { dependencies in
            [
                Endpoint(
                    routes: RepoSearchRoutes(), reducer: RepoSearchFeature(), initialState: { .init() },
                    dependencies: dependencies)
            ]
        },
        links: [IndexLink("repositorySearch", "/search/repositories{?q,sort,order,per_page,page}")],
        rateLimits: RepoSearchRoutes.rateLimits,
        sqliteMigrations: RepoSearchMigrations.all,
        store: nil
    )
}
