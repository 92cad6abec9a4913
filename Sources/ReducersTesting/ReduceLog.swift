import Synchronization

/// Every reduce a store under test performed and not yet asserted, oldest first.
final class ReduceLog<Action: Sendable, State: Sendable>: Sendable {
    struct Entry: Sendable {
        let action: Action
        let state: State
    }

    private let entries = Mutex<[Entry]>([])

    func append(_ action: Action, _ state: State) {
        entries.withLock { $0.append(Entry(action: action, state: state)) }
    }

    func popFirst() -> Entry? {
        entries.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    func removeAll() -> [Entry] {
        entries.withLock { entries in
            defer { entries.removeAll() }
            return entries
        }
    }

    var actions: [Action] { entries.withLock { $0.map(\.action) } }
}
