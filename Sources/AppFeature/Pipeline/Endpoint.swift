import EventHTTP
public import Dependencies
public import HTTPKit
public import HTTPTypes
public import Reducers

/// One domain as the request handler sees it: its paths, and how to answer a request on them.
///
/// `FeatureEndpoint` is the one implementation: a domain's `Routes` paired with its reducer.
public protocol Endpoint: Sendable {
    /// Whether the endpoint is a domain, the service routes or `/__admin`: only domains are
    /// journalled, delayed and failed by the demo controls.
    var role: EndpointRole { get }
    /// The methods `path` accepts, or `nil` when the domain has no such path.
    func methods(for path: String) -> [HTTPRequest.Method]?
    /// The route template `path` belongs to, for metrics.
    func template(for path: String) -> String
    /// The media types `path` can answer with, for `Accept` negotiation.
    func offeredTypes(for path: String) -> [String]
    /// Whether `request` honours `Idempotency-Key`.
    func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool
    /// The rate-limited resource `request` counts against, if any.
    func rateLimitResource(_ request: ServerRequest) -> String?
    /// The 429 problem for a client over its allowance.
    func rateLimitedProblem(client: String, retryAfter: Int) -> Problem
    /// How problems on `path` are written, if this domain claims the path.
    func problemFormat(for path: String) -> ProblemFormat?
    /// Whether `request` can be answered from part of the data (`fault=incomplete`).
    func answersPartially(_ request: ServerRequest) -> Bool
    /// Routes `request` and runs the domain's store for it, with `dependencies` when given (a
    /// sandbox's, api.md §6.4) or else the endpoint's own; answers through `responder`.
    func respond(
        to request: ServerRequest, context: RouteContext, dependencies: DependencyValues?, responder: Responder)
}

/// What an endpoint is for, as the demo controls see it (api.md §6.1).
public enum EndpointRole: Sendable, Equatable {
    /// A sample domain: todos, search, newsletter, pins.
    case domain
    /// `/`, `/health`, `/metrics`, `/openapi.json`: never delayed, failed or journalled.
    case service
    /// `/__admin`: never delayed, failed or journalled.
    case admin
}

/// A domain's routes and reducer: routing builds a public request, a fresh store reduces it, and
/// the response rule answers (architecture.md §1, §3.4).
public struct FeatureEndpoint<R: Reducer, Table: Routes>: Endpoint
where R.State: RespondingState, R.Action: RoutableAction, R.Action.Request == Table.Request, R: Sendable {
    private let routes: Table
    /// Runs a store for a routed request, with the given dependency values or else the endpoint's.
    /// Made in `init`, so that it is compiled for the concrete reducer wherever the endpoint is built
    /// with one (`App`): `respond` runs unspecialized behind `any Endpoint`, and a store started from
    /// there looked up its generic types at run time (BENCHMARKS.md).
    private let run: @Sendable (R.Action.Request, DependencyValues?, Responder) -> Void
    public let role: EndpointRole

    /// Pairs `routes` with `reducer`; each request starts from `initialState()`. `dependencies`
    /// overrides what every store sees (tests); `nil` uses the values prepared at boot.
    public init(
        routes: Table,
        reducer: R,
        initialState: @escaping @Sendable () -> R.State,
        dependencies: DependencyValues? = nil,
        role: EndpointRole = .domain
    ) {
        self.role = role
        self.routes = routes
        run = { request, overrides, responder in
            FeatureRun.start(
                reducer: reducer,
                initialState: initialState(),
                request: request,
                dependencies: overrides ?? dependencies,
                responder: responder
            )
        }
    }

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        routes.methods(for: path)
    }

    public func template(for path: String) -> String {
        routes.template(for: path)
    }

    public func offeredTypes(for path: String) -> [String] {
        routes.offeredTypes(for: path)
    }

    public func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool {
        routes.acceptsIdempotencyKey(request)
    }

    public func rateLimitResource(_ request: ServerRequest) -> String? {
        routes.rateLimitResource(request)
    }

    public func rateLimitedProblem(client: String, retryAfter: Int) -> Problem {
        routes.rateLimitedProblem(client: client, retryAfter: retryAfter)
    }

    public func problemFormat(for path: String) -> ProblemFormat? {
        routes.problemFormat(for: path)
    }

    public func answersPartially(_ request: ServerRequest) -> Bool {
        routes.answersPartially(request)
    }

    public func respond(
        to request: ServerRequest, context: RouteContext, dependencies: DependencyValues?, responder: Responder
    ) {
        let route: R.Action.Request
        do {
            route = try routes.route(request, context: context)
        } catch {
            responder.send(.problem(error.problem))
            return
        }
        run(route, dependencies, responder)
    }
}
