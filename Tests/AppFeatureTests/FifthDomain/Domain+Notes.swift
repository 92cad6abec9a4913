import AppFeature
import Dependencies
import HTTPKit

extension Domain {
    /// The fifth domain, declared as `App.domains`' four are: its test adds it to that list.
    static let notes = Domain(
        name: "notes",
        summaryKey: "notes",
        endpoints: { dependencies in
            [
                Endpoint(
                    routes: NotesRoutes(), reducer: NotesFeature(), initialState: { .init() },
                    dependencies: dependencies)
            ]
        },
        links: [IndexLink("notes", "/notes")],
        rateLimits: ["notes": RateLimiter.Limit(requests: 5, enforced: false)],
        sqliteMigrations: NoteRepository.migrations,
        store: DomainStore(
            memory: { place in NoteRepository.inMemory().placed(at: place) },
            sqlite: { file, place in NoteRepository.sqlite(file.writer, partition: place.partition).placed(at: place) },
            dropSQLiteSandbox: NoteRepository.dropSandbox,
            reset: { values in
                try await values.noteRepository.reset(NoteRepository.seed)
                return NoteRepository.seed.count
            },
            fill: { values in
                if try await values.noteRepository.list().isEmpty {
                    try await values.noteRepository.reset(NoteRepository.seed)
                }
            })
    )
}

extension NoteRepository {
    /// This store as `place` serves it, whatever its backend: timed.
    func placed(at place: StorePlace) -> StoreSetter {
        let store = timed(by: place.metrics)
        return { values in values.noteRepository = store }
    }
}
