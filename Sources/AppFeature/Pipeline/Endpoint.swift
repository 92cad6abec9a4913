public import Dependencies
public import HTTPKit
public import Reducers

/// One domain as the request handler sees it: its routing table, and the store that answers a
/// request routed there (architecture.md §1, §3.4).
///
/// The stages ask `routes` directly what they need of a path (methods, media types, idempotency
/// keys, rate limits); only answering is the endpoint's own: routing builds the public request, a
/// fresh store reduces it, and the response rule answers. A class: made once at start-up, and a
/// request's flow, copied at every stage, then holds one reference to it.
public final class Endpoint: Sendable {
    /// The domain's routing table.
    public let routes: any Routes
    /// Whether the endpoint is a domain, the service routes or `/__admin`.
    public let role: EndpointRole
    /// Whether any of its routes answers with a stream (`Routes.mayStream`), read once.
    public let mayStream: Bool
    /// Routes a request and runs a store for it, with the given dependency values or else the
    /// endpoint's. A closure made in `init`, so that it is compiled for the concrete reducer wherever
    /// an endpoint is built with one (`App`): a store started from an unspecialized generic context
    /// looked up its generic types at run time (BENCHMARKS.md).
    private let answer: @Sendable (ServerRequest, RouteContext, DependencyValues?, Responder) -> Void

    /// Pairs `routes` with `reducer`; each request starts from `initialState()`. `dependencies`
    /// overrides what every store sees (tests); `nil` uses the values prepared at boot.
    public init<R: Reducer, Table: Routes>(
        routes: Table,
        reducer: R,
        initialState: @escaping @Sendable () -> R.State,
        dependencies: DependencyValues? = nil,
        role: EndpointRole = .domain
    ) where R.State: RespondingState, R.Action: RoutableAction, R.Action.Request == Table.Request, R: Sendable {
        self.routes = routes
        self.role = role
        mayStream = routes.mayStream
        answer = { request, context, overrides, responder in
            let route: Table.Request
            do throws(RouteError) {
                route = try routes.route(request, context: context)
            } catch {
                return responder.send(.problem(error.problem))
            }
            FeatureRun.start(
                reducer: reducer,
                initialState: initialState(),
                request: route,
                dependencies: overrides ?? dependencies,
                responder: responder
            )
        }
    }

    /// Routes `request` and runs the domain's store for it, with `dependencies` when given (a
    /// sandbox's, api.md §6.4) or else the endpoint's own; answers through `responder`.
    public func respond(
        to request: ServerRequest, context: RouteContext, dependencies: DependencyValues?, responder: Responder
    ) {
        answer(request, context, dependencies, responder)
    }
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
