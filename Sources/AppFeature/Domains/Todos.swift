import Dependencies
public import TodosFeature

extension Domain {
    /// The todo list (api.md §2), its Todo-Backend view and its event stream, which `events`
    /// times and bounds; every sandbox has its own todos.
    public static func todos(_ events: TodoEventSettings = TodoEventSettings()) -> Domain {
        Domain(
            name: "todos",
            summaryKey: "todos",
            endpoints: { dependencies in
                [
                    Endpoint(
                        routes: TodoEventsRoutes(), reducer: TodoEventsFeature(events), initialState: { .init() },
                        dependencies: dependencies),
                    Endpoint(
                        routes: TodosRoutes(), reducer: TodosFeature(), initialState: { .init() },
                        dependencies: dependencies),
                    Endpoint(
                        routes: TodoBackendRoutes(), reducer: TodosFeature(), initialState: { .init() },
                        dependencies: dependencies),
                ]
            },
            links: [IndexLink("todos", "/todos"), IndexLink("todoBackend", "/todo-backend")],
            sqliteMigrations: TodosMigrations.all,
            store: DomainStore(
                memory: { place in
                    let feed = TodoEventLog(historyLength: events.historyLength)
                    return TodoRepository.inMemory(publishingTo: feed).placed(at: place, feed: feed)
                },
                sqlite: { file, place in
                    let feed = TodoEventLog(historyLength: events.historyLength)
                    return TodoRepository.sqlite(
                        file.writer, sandbox: place.partition, reads: file.reads, publishingTo: feed
                    ).placed(at: place, feed: feed)
                },
                dropSQLiteSandbox: TodoRepository.dropSandbox,
                reset: { values in
                    _ = try await values.todoRepository.write(.resetTo(TodosSeed.demo))
                    return TodosSeed.demo.count
                },
                fill: { values in _ = try await values.todoRepository.write(.importAll(TodosSeed.demo)) },
                closed: { values in values.todoEvents.close() }),
            hotDependencies: { values in
                values.todoRepository = values.todoRepository
                values.todoEvents = values.todoEvents
            }
        )
    }
}

extension TodoRepository {
    /// This store as `place` serves it, whatever its backend: timed, its changes reaching
    /// subscribers through `feed` (`GET /todos/events`: the store publishes to it, or it copies
    /// PostgreSQL's shared history), and in a named sandbox with data versions of its own.
    public func placed(at place: StorePlace, feed events: TodoEventLog) -> StoreSetter {
        var store = timed(by: place.metrics)
        if place.sandbox != nil { store = store.withVersionsOfItsOwn() }
        return { [store] values in
            values.todoRepository = store
            values.todoEvents = events
        }
    }
}
