import Foundation
import Storage
import Testing

@testable import TodosFeature

/// What a store promises the subscribers of its change feed: an event for each committed change, in
/// the order of the commits, told only once the store's version has moved past it — so a client
/// that reads on hearing of a change is never served the answer cached before it.
@Suite("Todo stores publish their changes")
struct TodoStorePublishingTests {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case memory, sqlite
        var description: String { rawValue }

        func store(publishingTo events: TodoEventLog) throws -> TodoRepository {
            switch self {
            case .memory:
                return .inMemory(publishingTo: events)
            case .sqlite:
                let database = try SQLiteDatabase.open(.memory, migrations: TodosMigrations.all)
                return .sqlite(database, publishingTo: events)
            }
        }
    }

    @Test(
        "a subscriber hears of a change once the version has moved, in the order of the writes",
        arguments: Kind.allCases)
    func versionThenEvent(kind: Kind) async throws {
        let events = TodoEventLog()
        let store = try kind.store(publishingTo: events)
        var feed = await events.subscribe(after: nil).makeAsyncIterator()
        for number in 1...50 {
            let before = try await store.version.current()
            let id = Fixtures.id(number)
            async let written = store.write(.create(TodoDraft(description: "\(number)"), newID: id, now: Fixtures.now))
            let batch = await feed.next()
            let seen = try await store.version.current()
            #expect(seen > before, "write \(number) was told before its version moved")
            #expect(batch?.map(\.id.sequence) == [Int64(number)])
            _ = try await written
        }
    }
}
