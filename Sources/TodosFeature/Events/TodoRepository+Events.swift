extension TodoRepository {
    /// This store, with every committed write published to `events` as it returns.
    ///
    /// Published by the writer after its commit: two writes racing from two loops may reach the
    /// feed in the other order than they committed — a subscriber then sees a todo's older state
    /// last only if two clients changed the same todo within the same instant.
    public func publishing(to events: TodoEventLog) -> TodoRepository {
        var store = self
        let write = self.write
        store.write = { change in
            let outcome = try await write(change)
            if let published = TodoEvent.Change(change, outcome) { events.publish(published) }
            return outcome
        }
        return store
    }
}
