import ConcurrencyExtras

/// The effect tasks a store is running, indexed by cancellation id.
///
/// Owned by one store and only touched on its executor, so ids never reach across requests.
struct RunningEffects {
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var tokensByID: [AnyHashableSendable: Set<Int>] = [:]
    private var idsByToken: [Int: Set<AnyHashableSendable>] = [:]
    private var lastToken = 0

    var count: Int { tasks.count }

    mutating func nextToken() -> Int {
        lastToken += 1
        return lastToken
    }

    mutating func insert(_ task: Task<Void, Never>, token: Int, ids: Set<AnyHashableSendable>) {
        tasks[token] = task
        guard !ids.isEmpty else { return }
        idsByToken[token] = ids
        for id in ids { tokensByID[id, default: []].insert(token) }
    }

    mutating func remove(_ token: Int) {
        tasks[token] = nil
        for id in idsByToken.removeValue(forKey: token) ?? [] {
            tokensByID[id]?.remove(token)
            if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
        }
    }

    func cancel(id: AnyHashableSendable) {
        for token in tokensByID[id] ?? [] { tasks[token]?.cancel() }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
    }
}
