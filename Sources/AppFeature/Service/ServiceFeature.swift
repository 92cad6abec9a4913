public import CasePaths
public import HTTPKit
import HTTPTypes
public import Reducers

/// The service routes (api.md §6.3): `GET /health` and `GET /`, answered through the same reducer
/// path as every domain.
///
/// Both answers need no effect, so they take the fast path: the reply is written inside libevent's
/// callback. The health body is rendered once, at start.
public struct ServiceFeature: Reducer, Sendable {
    /// The request's state: only its answer.
    public struct State: RespondingState, Equatable {
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// The public requests; service routes have no effects, hence no internal actions.
    @CasePathable
    public enum Action: RoutableAction {
        case request(ServiceRequest)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(.health):
            state.response = Self.healthResponse
        case .request(.index(let baseURL)):
            state.response = .json(ServiceIndex(baseURL: baseURL))
        }
        return .none
    }

    /// `{"status":"ok"}`, rendered once with its ETag.
    static let healthResponse: Response = {
        let body = Array(#"{"status":"ok"}"#.utf8)
        return .json(bytes: body, headers: [.eTag: EntityTag.strong(for: body)])
    }()
}

/// A request to the service routes.
public enum ServiceRequest: Sendable, Equatable {
    /// `GET /health` or `GET /healthz`.
    case health
    /// `GET /`, with the base its links start with.
    case index(baseURL: String)
}
