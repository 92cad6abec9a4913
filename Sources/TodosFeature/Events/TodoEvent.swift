public import Foundation
import Synchronization

/// One committed change to a todo store, as its subscribers learn of it (`GET /todos/events`).
public struct TodoEvent: Sendable, Equatable {
    /// Where the event stands in its store's history.
    public let id: TodoEventID
    /// What changed.
    public let change: Change
    /// The event on the wire, rendered once per base URL and shared by the subscribers that read it.
    let renderings = Renderings()

    /// What a write did to the store, in as much detail as a client needs to follow without a
    /// refetch.
    public enum Change: Sendable, Equatable {
        /// A todo was created (POST, or a PUT on an id that did not exist).
        case created(Todo)
        /// A todo was changed (PUT, PATCH).
        case updated(Todo)
        /// These todos were removed (`DELETE /todos/{id}`, `DELETE /todos`).
        case deleted([UUID])
        /// The list has this order now (`POST /todos/reorder`).
        case reordered([UUID])
        /// The whole store changed at once (a reset, an import), or the client's place in the
        /// history is gone: fetch the list again.
        case refetch
    }

    /// An event at `id`.
    public init(id: TodoEventID, change: Change) {
        self.id = id
        self.change = change
    }

    /// The same event: its place and its change (how it was rendered does not count).
    public static func == (lhs: TodoEvent, rhs: TodoEvent) -> Bool {
        lhs.id == rhs.id && lhs.change == rhs.change
    }

    /// An event's bytes for the first few base URLs it is sent to: the thousand subscribers of one
    /// store usually share one or two, and rendering the event once for them all keeps its cost from
    /// growing with its audience. Beyond `limit` base URLs (clients naming many hosts), each
    /// subscriber's copy is rendered and not kept, so memory stays bounded by the history.
    final class Renderings: Sendable {
        static let limit = 4
        private let byBaseURL = Mutex<[String: [UInt8]]>([:])

        /// The bytes rendered for `baseURL`, rendered by `render` if no subscriber asked before.
        func bytes(for baseURL: String, render: () -> [UInt8]) -> [UInt8] {
            if let bytes = byBaseURL.withLock({ $0[baseURL] }) { return bytes }
            let bytes = render()
            byBaseURL.withLock { kept in
                if kept.count < Self.limit { kept[baseURL] = bytes }
            }
            return bytes
        }
    }
}

extension TodoEvent.Change {
    /// What `mutation` does to the store; `nil` when it changes no row, so a subscriber hears of
    /// changes only.
    public init?(_ mutation: TodoMutation) {
        guard mutation.changesRows else { return nil }
        switch mutation.outcome {
        case .saved(let todo, let created):
            self = created ? .created(todo) : .updated(todo)
        case .deleted(let ids):
            self = .deleted(ids)
        case .reordered(let todos):
            self = .reordered(todos.map(\.id))
        case .imported:
            self = .refetch
        }
    }
}
