import HTTPKit
import HTTPTypes

/// api.md §1.2's `Idempotency-Key`: the first request with a key proceeds and its answer is kept; a
/// repeat is answered from the store, and a clash (in flight 409, another body 422, bad key 400) is
/// answered here. Each sandbox keeps its own keys; shared keys (PostgreSQL) are looked up off the
/// loop, and the request goes on on its loop. A request that ends without an answer releases its key.
struct IdempotencyStage: PipelineStage {
    func process(_ flow: RequestFlow, next: PipelineNext) {
        let request = flow.request
        guard let header = request.headers.combinedValue(.idempotencyKey),
            flow.endpoint.routes.acceptsIdempotencyKey(request)
        else {
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

    /// Not `GET` or `HEAD`: a safe method is idempotent already, and no route takes a key on one.
    func applies(toAccepted method: HTTPRequest.Method) -> Bool { method != .get && method != .head }

    /// Keeps the answer as the key's — or, when the demo controls will cut its body, releases the key:
    /// an injected answer is never stored (api.md §6.1).
    func respond(_ answer: Answer, next: AnswerNext) {
        guard let (keys, scope) = answer.responder.idempotency else { return next(answer) }
        if answer.responder.controls.cutsBody, AppliedControls.cut(answer.final) != nil {
            keys.abandon(scope: scope)
            return next(answer)
        }
        switch keys {
        case .local(let store):
            store.complete(scope: scope, with: answer.response)
            next(answer)
        case .shared(let store):
            // Stored before it is sent: a retry that begins after this answer arrived, on any
            // instance, replays it. A problem is stored as written (another instance cannot render
            // it again).
            let stored = answer.response.problem == nil ? answer.response : Self.rendered(answer)
            answer.responder.continueOnLoop(
                after: { try await store.complete(scope: scope, with: stored) },
                then: { _ in next(answer) })
        }
    }

    func ended(_ ending: RequestEnding, responder: Responder) {
        guard let (keys, scope) = responder.idempotency else { return }
        keys.abandon(scope: scope)
    }

    /// The answer's problem as it will be written — its body and `Content-Type` — with the problem's
    /// own headers: what a shared key stores, since the row keeps bytes, not the problem.
    private static func rendered(_ answer: Answer) -> Response {
        let response = answer.response
        var rendered = Response(status: response.status, headers: response.headers, body: answer.final.body)
        if let contentType = answer.final.headers[.contentType] { rendered.headers[.contentType] = contentType }
        return rendered
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
