import Dependencies
import Foundation
public import HTTPKit
import HTTPTypes
public import Reducers
import Storage

/// The todos domain (api.md §2): each request becomes one repository call whose result becomes
/// the response.
///
/// A read whose answer is in the response cache is answered at once — after asking the database for
/// the data version when other processes write too (PostgreSQL; `.versioned`). Otherwise every request takes
/// the same two steps: `.request` validates nothing (the router did) and starts one `.task` on
/// `\.todoRepository`; its `TaskResult` arrives as an `.internal` action and is
/// turned into a response — the data on success, the failure's problem otherwise, with an `unknown`
/// fallback (500) for errors the domain does not know.
public struct TodosFeature: Reducer, Sendable {
    /// One request's state: what was asked and, once known, the answer.
    public struct State: RespondingState, Equatable {
        /// The request being answered.
        public var request: TodosRequest?
        /// The key a cacheable read's answer is cached under, made once when the request arrives;
        /// `nil` for writes and while the cache is off.
        public var cacheKey: String?
        /// The data version a cacheable read that missed the cache started at; its response is
        /// cached under it. `nil` for writes and while the cache is off.
        public var cacheVersion: Int?
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the router; internal results from this feature's effects.
    public enum Action: RoutableAction {
        case request(TodosRequest)
        case `internal`(Internal)
    }

    /// Repository outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case versioned(TaskResult<Int>)
        case listed(TaskResult<TodoList>)
        case fetched(TaskResult<Todo>)
        case wrote(TaskResult<TodoWriteOutcome>)
    }

    /// Creates the feature.
    public init() {}

    // Each branch looks up only the dependencies it uses: a lookup costs ~0.1 µs, a few % of an
    // uncached read.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(let request):
            state.request = request
            let todos = DependencyValues.current(\.todoRepository)
            guard request.isRead else { return effect(for: request, todos: todos) }
            let cache = DependencyValues.current(\.responseCache)
            guard cache.isEnabled, let key = request.cacheKey else { return effect(for: request, todos: todos) }
            state.cacheKey = key
            // Read the version before the data: a racing write can only orphan the entry.
            switch todos.version {
            case .local(let current):
                return readThroughCache(&state, cache: cache, version: current(), todos: todos)
            case .shared(let current):
                return .task({ .internal(.versioned($0)) }) { try await current() }
            }

        case .internal(.versioned(.success(let version))):
            return readThroughCache(
                &state, cache: DependencyValues.current(\.responseCache), version: version,
                todos: DependencyValues.current(\.todoRepository))

        case .internal(.listed(.success(let stored))):
            guard let request = state.request, case .list(let query) = request.operation else { return .none }
            state.response = TodoResponses.list(stored, query: query, request: request)
            remember(state)
            return .none

        case .internal(.fetched(.success(let todo))):
            state.response = TodoResponses.item(
                todo, baseURL: state.request?.baseURL ?? "", view: state.request?.view ?? .api)
            remember(state)
            return .none

        case .internal(.wrote(.success(let outcome))):
            state.response = TodoResponses.written(
                outcome, baseURL: state.request?.baseURL ?? "", view: state.request?.view ?? .api)
            return .none

        case .internal(.versioned(.failure(let error))), .internal(.listed(.failure(let error))),
            .internal(.fetched(.failure(let error))), .internal(.wrote(.failure(let error))):
            state.response = .problem(Self.problem(for: error))
            return .none
        }
    }

    private func effect(for request: TodosRequest, todos: TodoRepository) -> Effect<Action> {
        let wrote: @Sendable (TaskResult<TodoWriteOutcome>) -> Action = { .internal(.wrote($0)) }
        switch request.operation {
        case .list(let query):
            return .task({ .internal(.listed($0)) }) { try await todos.list(query.filter) }
        case .fetch(let id):
            return .task({ .internal(.fetched($0)) }) { try await todos.fetch(id) }
        case .create(let draft):
            @Dependency(\.uuid) var uuid
            let change = TodoChange.create(draft, newID: uuid(), now: Self.now())
            return .task(wrote) { try await todos.write(change) }
        case .replace(let id, let draft, let precondition):
            let change = TodoChange.replace(id: id, draft, precondition, now: Self.now())
            return .task(wrote) { try await todos.write(change) }
        case .update(let id, let patch, let precondition):
            let change = TodoChange.update(id: id, patch, precondition, now: Self.now())
            return .task(wrote) { try await todos.write(change) }
        case .delete(let id, let precondition):
            return .task(wrote) { try await todos.write(.delete(id: id, precondition)) }
        case .deleteAll(let filter):
            return .task(wrote) { try await todos.write(.deleteAll(filter)) }
        case .reorder(let ids, let ifMatch):
            let change = TodoChange.reorder(ids: ids, ifMatch: ifMatch, baseURL: request.baseURL, now: Self.now())
            return .task(wrote) { try await todos.write(change) }
        }
    }

    /// Answers a cacheable read from `cache` when it holds the answer for the state's key at
    /// `version`; otherwise reads, and the response is cached under `version`.
    private func readThroughCache(
        _ state: inout State, cache: ResponseCache, version: Int, todos: TodoRepository
    ) -> Effect<Action> {
        guard let request = state.request, let key = state.cacheKey else { return .none }
        if let cached = cache.response(for: key, version: version) {
            state.response = cached
            return .none
        }
        state.cacheVersion = version
        return effect(for: request, todos: todos)
    }

    /// Caches a read's response under the key and version it started with. Done here,
    /// synchronously, because the response rule cancels any effect once the response is set.
    private func remember(_ state: State) {
        guard let key = state.cacheKey, let version = state.cacheVersion, let response = state.response else { return }
        DependencyValues.current(\.responseCache).store(response, for: key, version: version)
    }

    /// The current time from `\.date`, truncated to the second as every stored time is.
    private static func now() -> Timestamp {
        @Dependency(\.date.now) var now
        return Timestamp(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)))
    }

    /// The problem for a failed repository call: domain errors keep theirs, anything else is a 500.
    static func problem(for error: any Error) -> Problem {
        switch error {
        case let error as TodosError: error.problem
        case let error as RepositoryError: error.problem
        default: .answering(error)
        }
    }
}
