import Dependencies
public import HTTPKit
import HTTPTypes
public import Reducers
import Storage

/// Repository search, GitHub-compatible (api.md §3): each request is one repository call whose
/// result becomes GitHub's response shape.
public struct RepoSearchFeature: Reducer, Sendable {
    /// One request's state: what was asked and, once known, the answer.
    public struct State: RespondingState, Equatable {
        /// The request being answered.
        public var request: RepoSearchRequest?
        /// The data version the request started at; its response is cached under it.
        public var cacheVersion = 0
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the router; internal results from this feature's effects.
    public enum Action: RoutableAction {
        case request(RepoSearchRequest)
        case `internal`(Internal)
    }

    /// Repository outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case searched(TaskResult<SearchPage>)
        case found(TaskResult<Repository>)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let repositories = DependencyValues.current(\.repoSearchRepository)
        let cache = DependencyValues.current(\.responseCache)
        switch action {
        case .request(let request):
            state.request = request
            // Read the version before the data: a reset to another seed racing the read can only
            // orphan the entry.
            state.cacheVersion = repositories.version()
            if let key = request.cacheKey, let cached = cache.response(for: key, version: state.cacheVersion) {
                state.response = cached
                return .none
            }
            switch request.operation {
            case .search(let query, let order, let page, let perPage):
                let offset = (page - 1) * perPage
                let limit = min(perPage, RepoSearchRoutes.window - offset)
                return .task({ .internal(.searched($0)) }) {
                    try await repositories.search(query, order, offset, limit)
                }
            case .repository(let owner, let name):
                return .task({ .internal(.found($0)) }) { try await repositories.repository(owner, name) }
            case .avatar(let login):
                state.response = SearchResponses.avatar(login: login)
                return .none
            }

        case .internal(.searched(.success(let page))):
            guard let request = state.request, case .search(_, _, let number, let perPage) = request.operation else {
                return .none
            }
            let response = SearchResponses.page(page, number: number, perPage: perPage, request: request)
            state.response = response
            if let key = request.cacheKey { cache.store(response, for: key, version: state.cacheVersion) }
            return .none

        case .internal(.found(.success(let repository))):
            guard let request = state.request else { return .none }
            let response = SearchResponses.repository(repository, request: request)
            state.response = response
            if let key = request.cacheKey { cache.store(response, for: key, version: state.cacheVersion) }
            return .none

        case .internal(.searched(.failure(let error))), .internal(.found(.failure(let error))):
            state.response = .problem(Self.problem(for: error))
            return .none
        }
    }

    /// Domain errors keep their problem; anything else is a 500.
    static func problem(for error: any Error) -> Problem {
        switch error {
        case let error as SearchError: error.problem
        case let error as RepositoryError: error.problem
        default: .answering(error)
        }
    }
}
