import Dependencies
import GRDB
import RepoSearchFeature

extension Domain {
    /// GitHub-compatible repository search (api.md §3), over 5,000 repositories generated from the
    /// seed, which every sandbox shares.
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
        dataset: DomainDataset(
            generate: { seed, _ in RepositorySeed.repositories(seed: seed) },
            count: { $0.count },
            // Generated on the first search, so start-up stays fast.
            memory: { seed in (RepoSearchRepository.seeded(seed: seed), RepositorySeed.repositoryCount) },
            sqlite: { file in RepoSearchRepository.sqlite(file.writer, reads: file.reads) },
            sqliteTable: "repositories",
            storeSQLite: { db, repositories, replacing in
                if replacing {
                    try RepoSearchRepository.replace(with: repositories, in: db)
                } else {
                    try RepoSearchRepository.seed(repositories, into: db)
                }
            },
            install: { access, metrics in
                let repositories = (access.resettable ? .current(of: access) : access.fixed).timed(by: metrics)
                return { values in values.repoSearchRepository = repositories }
            }), hotDependencies: { values in values.repoSearchRepository = values.repoSearchRepository }
    )
}

extension RepoSearchRepository {
    /// Every call on the datasets' current generation, wholly on one seed's data.
    static func current(of access: DatasetAccess<Self>) -> Self {
        RepoSearchRepository(
            search: { query, order, offset, limit in
                try await access.withCurrent { try await $0.search(query, order, offset, limit) }
            },
            repository: { owner, name in try await access.withCurrent { try await $0.repository(owner, name) } },
            version: access.version
        )
    }
}
