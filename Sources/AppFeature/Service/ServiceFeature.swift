import Dependencies
public import HTTPKit
import HTTPTypes
public import Reducers

/// The service routes (api.md §6.3): `GET /health`, `GET /`, `GET /metrics` and `GET /openapi.json`,
/// answered through the same reducer path as every domain.
///
/// No answer needs an effect, so they take the fast path: the reply is given inside libevent's
/// callback. The health body and the OpenAPI document are prepared once, at start; the metrics are
/// read from `\.appMetrics`.
public struct ServiceFeature: Reducer, Sendable {
    /// The request's state: only its answer.
    public struct State: RespondingState, Equatable {
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// The public requests; service routes have no effects, hence no internal actions.
    public enum Action: RoutableAction {
        case request(ServiceRequest)
    }

    /// Where each domain starts, as `GET /` lists them.
    let links: [IndexLink]

    /// Creates the feature, its index listing `links` before the service routes'.
    public init(links: [IndexLink]) {
        self.links = links
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(.health):
            state.response = Self.healthResponse
        case .request(.index(let baseURL)):
            state.response = .json(ServiceIndex(baseURL: baseURL, links: links))
        case .request(.openAPI):
            state.response = Self.openAPIResponse
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

    /// `Sources/AppFeature/OpenAPI/openapi.json` byte for byte, compiled in (SwiftPM's
    /// `embedInCode`), with its ETag; the same file the generated `CounterpartClient` is built from.
    /// Shared: every connection sends the same bytes by reference (`ResponseBody.sharing()`).
    static let openAPIResponse: Response = {
        let body = PackageResources.openapi_json
        var response = Response.json(
            bytes: body, headers: [.eTag: EntityTag.strong(for: body), .cacheControl: "no-cache"])
        response.body = response.body.sharing()
        return response
    }()

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
    /// `GET /openapi.json`.
    case openAPI
}
