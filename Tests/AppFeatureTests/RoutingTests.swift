import AppFeature
import CasePathsCore
import HTTPKit
import HTTPTypes
import Reducers
import Testing

@Suite("Routing")
struct RoutingTests {
    @Test("actions cannot be decoded from outside: only Request payloads come from clients")
    func actionsAreNotDecodable() {
        #expect(!(ServiceFeature.Action.self is any Decodable.Type))
        #expect(!(EchoFeature.Action.self is any Decodable.Type))
        #expect(!(SlowFeature.Action.self is any Decodable.Type))
    }

    @Test("the router builds only public requests, wrapped as .request by the store")
    func routerYieldsRequests() throws {
        let routes = ServiceRoutes()
        let context = RouteContext(baseURL: "http://localhost:8080")
        let health = try routes.route(ServerRequest(method: .get, target: "/health"), context: context)
        #expect(health == .health)
        let index = try routes.route(ServerRequest(method: .get, target: "/"), context: context)
        #expect(index == .index(baseURL: "http://localhost:8080"))
        let action = ServiceFeature.Action.request(health)
        #expect(action.is(\.request))
    }

    @Test("paths are exact: a trailing slash or unknown path belongs to no route")
    func exactPaths() {
        let routes = ServiceRoutes()
        #expect(routes.methods(for: "/health") == [.get])
        #expect(routes.methods(for: "/health/") == nil)
        #expect(routes.methods(for: "/todos") == nil)
    }
}
