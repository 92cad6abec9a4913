public import CasePaths
import Dependencies
public import HTTPKit
import HTTPTypes
public import Reducers

/// The service routes (api.md §6.3): `GET /health`, `GET /` and `GET /metrics`, answered through the
/// same reducer path as every domain.
///
/// No answer needs an effect, so they take the fast path: the reply is written inside libevent's
/// callback. The health body is rendered once, at start; the metrics are read from `\.appMetrics`.
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
        case .request(.metrics):
            @Dependency(\.appMetrics) var metrics
            state.response = Response(
                status: .ok,
                headers: [.contentType: Self.prometheusText, .cacheControl: "no-store"],
                body: ResponseBody(metrics.exposition())
            )
        }
        return .none
    }

    /// The Prometheus text exposition format's media type.
    static let prometheusText = "text/plain; version=0.0.4; charset=utf-8"

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
    /// `GET /metrics`.
    case metrics
}
