import TodosFeature

extension TodoRepository {
    /// The same repository with every call's duration recorded in `metrics`
    /// (`counterpart_repository_call_duration_seconds{repository="todos"}`).
    func timed(by metrics: AppMetrics) -> Self {
        let list = metrics.repositoryTimer("todos", "list")
        let fetch = metrics.repositoryTimer("todos", "fetch")
        let write = metrics.repositoryTimer("todos", "write")
        return TodoRepository(
            list: { filter in try await list.time { try await self.list(filter) } },
            fetch: { id in try await fetch.time { try await self.fetch(id) } },
            write: { change in try await write.time { try await self.write(change) } },
            version: version
        )
    }
}
