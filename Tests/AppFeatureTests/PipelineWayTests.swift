import HTTPTypes
import Testing

@testable import AppFeature

@Suite("A request's way through the pipeline")
struct PipelineWayTests {
    let pipeline = Pipeline(
        outer: [LoggingStage(accessLog: nil)],
        routed: [
            PreflightStage(), MethodStage(), NegotiationStage(), RateLimitStage(trustProxy: false), IdempotencyStage(),
        ],
        answer: { _ in })
    let endpoint = Endpoint(routes: EchoRoutes(), reducer: EchoFeature(), initialState: { .init() })

    private func way(_ method: HTTPRequest.Method, taking methods: [HTTPRequest.Method]) -> [String] {
        pipeline.stages(for: method, to: endpoint, taking: methods).map { "\(type(of: $0))" }
    }

    @Test("a GET or HEAD its path takes passes no preflight, method or idempotency stage")
    func safeMethods() {
        let read = ["LoggingStage", "NegotiationStage", "RateLimitStage"]
        #expect(way(.get, taking: [.get, .post]) == read)
        #expect(way(.head, taking: [.get]) == read)
    }

    @Test("a POST, PUT, PATCH or DELETE its path takes passes the idempotency stage too")
    func unsafeMethods() {
        for method: HTTPRequest.Method in [.post, .put, .patch, .delete] {
            #expect(
                way(method, taking: [.get, .post, .put, .patch, .delete])
                    == ["LoggingStage", "NegotiationStage", "RateLimitStage", "IdempotencyStage"])
        }
    }

    @Test("a request its path refuses, OPTIONS and an unknown method included, passes every stage")
    func refusedMethods() {
        let every = [
            "LoggingStage", "PreflightStage", "MethodStage", "NegotiationStage", "RateLimitStage", "IdempotencyStage",
        ]
        #expect(way(.options, taking: [.get]) == every)
        #expect(way(.delete, taking: [.get]) == every)
        #expect(way(.head, taking: [.post]) == every)
        #expect(way(HTTPRequest.Method("PURGE")!, taking: [.get]) == every)
    }
}
