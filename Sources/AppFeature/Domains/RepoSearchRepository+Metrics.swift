import RepoSearchFeature

extension RepoSearchRepository {
    /// The same repository with every call's duration recorded in `metrics`
    /// (`counterpart_repository_call_duration_seconds{repository="search"}`).
    func timed(by metrics: AppMetrics) -> Self {
        let search = metrics.repositoryTimer("search", "search")
        let repository = metrics.repositoryTimer("search", "repository")
        return RepoSearchRepository(
            search: { query, order, offset, limit in
                try await search.time { try await self.search(query, order, offset, limit) }
            },
            repository: { owner, name in try await repository.time { try await self.repository(owner, name) } },
            version: version
        )
    }
}
