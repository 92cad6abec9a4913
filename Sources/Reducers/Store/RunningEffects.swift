public import ConcurrencyExtras

/// The effect tasks a store is running, indexed by cancellation id.
///
/// Owned by one store and only touched on its executor, so ids never reach across requests.
/// Inlinable with the store that holds it. A request runs a handful of effects at most, so the
/// tasks are a list in start order, searched from the newest: a dictionary hashed every token
/// twice, inserting and removing it (BENCHMARKS.md).
@usableFromInline
struct RunningEffects {
    @usableFromInline var tasks: [(token: Int, task: Task<Void, Never>)] = []
    @usableFromInline var tokensByID: [AnyHashableSendable: Set<Int>] = [:]
    @usableFromInline var idsByToken: [Int: Set<AnyHashableSendable>] = [:]
    @usableFromInline var lastToken = 0

    @inlinable
    init() {}

    @inlinable
    var count: Int { tasks.count }

    @inlinable
    mutating func nextToken() -> Int {
        lastToken += 1
        return lastToken
    }

    @inlinable
    mutating func insert(_ task: Task<Void, Never>, token: Int, ids: Set<AnyHashableSendable>) {
        tasks.append((token, task))
        guard !ids.isEmpty else { return }
        idsByToken[token] = ids
        for id in ids { tokensByID[id, default: []].insert(token) }
    }

    @inlinable
    mutating func remove(_ token: Int) {
        if let index = tasks.lastIndex(where: { $0.token == token }) { tasks.remove(at: index) }
        for id in idsByToken.removeValue(forKey: token) ?? [] {
            tokensByID[id]?.remove(token)
            if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
        }
    }

    @inlinable
    func cancel(id: AnyHashableSendable) {
        for token in tokensByID[id] ?? [] { tasks.last(where: { $0.token == token })?.task.cancel() }
    }

    @inlinable
    func cancelAll() {
        for entry in tasks { entry.task.cancel() }
    }
}
