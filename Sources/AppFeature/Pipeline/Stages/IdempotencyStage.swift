import HTTPKit
import HTTPTypes

/// api.md §1.2's `Idempotency-Key`: the first request with a key proceeds and its answer is kept; a
/// repeat is answered from the store, and a clash (in flight 409, another body 422, bad key 400) is
/// answered here. Each sandbox keeps its own keys; shared keys (PostgreSQL) are looked up off the
/// loop, and the request goes on on its loop.
struct IdempotencyStage: PipelineStage {
    func process(_ flow: RequestFlow, next: PipelineNext) {
        let request = flow.request
        guard let header = request.headers[.idempotencyKey], flow.endpoint.acceptsIdempotencyKey(request) else {
            return next(flow)
        }
        let key: String
        do {
            key = try IdempotencyKey.parse(header)
        } catch {
            return flow.responder.send(.problem(error.problem))
        }
        // The prefix keeps /todos and /sandboxes/default/todos apart: their answers' URLs differ.
        let scope = request.method.rawValue + " " + flow.urlPrefix + request.path + " " + key
        let fingerprint = SHA256.digest(request.body)
        switch flow.sandbox.idempotency {
        case .local(let store):
            Self.go(on: store.begin(scope: scope, fingerprint: fingerprint), flow, key: key, scope: scope, next: next)
        case .shared(let store):
            flow.responder.continueOnLoop(
                after: { try await store.begin(scope: scope, fingerprint: fingerprint) },
                then: { decision in
                    switch decision {
                    case .success(let decision): Self.go(on: decision, flow, key: key, scope: scope, next: next)
                    case .failure(let error):
                        flow.responder.send(.problem(Problem.answering(error)))
                    }
                })
        }
    }

    /// Proceeds, replays, or refuses, as the store decided.
    private static func go(
        on decision: IdempotencyStore.Decision, _ flow: RequestFlow, key: String, scope: String, next: PipelineNext
    ) {
        let request = flow.request
        switch decision {
        case .proceed:
            var flow = flow
            flow.responder.idempotency = (flow.sandbox.idempotency, scope)
            next(flow)
        case .replay(var response):
            response.headers[.idempotentReplayed] = "true"
            flow.responder.send(response)
        case .inFlight:
            flow.responder.send(
                .problem(
                    .conflict(
                        "A request with Idempotency-Key \(key) is still being handled; retry once it has answered.",
                        headers: [.retryAfter: "1"]
                    )
                )
            )
        case .reused:
            flow.responder.send(
                .problem(
                    Problem(
                        status: .unprocessableContent,
                        slug: "idempotency-key-reused",
                        title: "Idempotency key reused",
                        detail:
                            "Idempotency-Key \(key) was already used for \(request.method.rawValue) \(request.path) "
                            + "with a different body; use a new key for a new request."
                    )
                )
            )
        }
    }
}
