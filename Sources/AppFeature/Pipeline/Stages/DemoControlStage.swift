import EventHTTP
import HTTPKit
import HTTPTypes
import Logging

/// The demo controls (api.md §6.1, `--dev` only): `Prefer` and its `__*` twins, then the
/// `--latency` and `--fault-rate` flags for what the request did not ask for itself.
///
/// Domain routes only: service and admin routes are never delayed or failed. A delay comes first —
/// a task on the request's loop, cancelled with the request, never blocking the loop — then an
/// injected status (`status`, `fail=N`, the fault rate) or a fault (`drop`, `hang`, `malformed`,
/// `incomplete` where the route can answer partially).
/// Injected answers are sent before the idempotency stage, so they are never stored as a key's
/// answer. On the way out, a `fault=malformed` answer's body is cut and every answer says what was
/// applied in `Preference-Applied`; values that cannot be applied are logged and left out of it.
/// Draws and `fail=N` scenarios are the request's sandbox's (api.md §6.4), and so are the flags.
struct DemoControlStage: PipelineStage {
    let logger: Logger

    func process(_ flow: RequestFlow, next: PipelineNext) {
        guard flow.endpoint.role == .domain, let controls = flow.sandbox.controls else { return next(flow) }
        let preferences = Self.preferences(for: flow)
        if !preferences.ignored.isEmpty {
            logger.notice(
                "demo controls not applied",
                metadata: [
                    "request_id": "\(flow.request.id)", "reasons": "\(preferences.ignored.joined(separator: "; "))",
                ])
        }
        let (draws, flags) = controls.nextRequest()
        var flow = flow
        var delay = 0
        if let range = preferences.delay {
            delay = draws.integer(in: range, for: .preferredDelay)
            let text = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
            flow.responder.controls.applied.append("delay=" + text)
        } else if let latency = flags.latency {
            delay = draws.integer(in: latency, for: .latency)
        }
        let misbehave = { @Sendable (flow: RequestFlow) in
            Self.misbehave(flow, preferences, draws: draws, flags: flags, scenarios: controls.scenarios, next: next)
        }
        guard delay > 0 else { return misbehave(flow) }
        flow.responder.controls.delayMilliseconds = Double(delay)
        flow.responder.controls.delayBeganAfterMilliseconds = flow.responder.elapsed.inMilliseconds
        Self.wait(milliseconds: delay, flow: flow, sleep: controls.sleep, then: misbehave)
    }

    func respond(_ answer: Answer, next: AnswerNext) {
        var answer = answer
        if answer.responder.controls.cutsBody, let cut = AppliedControls.cut(answer.final) {
            answer.final = cut
            answer.responder.controls.applied.append("fault=malformed")
        }
        if let applied = answer.responder.controls.preferenceApplied {
            answer.final.headers.append(HTTPField(name: .preferenceApplied, value: applied))
        }
        next(answer)
    }

    /// What the request asks for, less a fault its route cannot honour.
    private static func preferences(for flow: RequestFlow) -> DemoPreferences {
        var preferences = DemoPreferences(headers: flow.request.headers, query: flow.request.query)
        if preferences.fault == .incomplete, !flow.endpoint.routes.answersPartially(flow.request) {
            preferences.fault = nil
            preferences.ignored.append(
                "fault=incomplete: only GET /search/repositories can answer from part of its data")
        }
        return preferences
    }

    /// Waits `milliseconds` in a task that a disconnect or the deadline cancels (journalled as such),
    /// then continues on the request's loop.
    private static func wait(
        milliseconds: Int, flow: RequestFlow, sleep: @escaping @Sendable (Duration) async throws -> Void,
        then continuation: @escaping @Sendable (RequestFlow) -> Void
    ) {
        flow.responder.continueOnLoop(
            after: { try await sleep(.milliseconds(milliseconds)) },
            then: { slept in if case .success = slept { continuation(flow) } })
    }

    /// Everything after the delay: an injected status, a fault, or on to the domain.
    private static func misbehave(
        _ flow: RequestFlow, _ preferences: DemoPreferences, draws: RequestDraws, flags: DemoControls.Flags,
        scenarios: FailScenarioCounts, next: PipelineNext
    ) {
        var flow = flow
        if let failures = preferences.fail {
            flow.responder.controls.applied.append("fail=\(failures)")
            if let name = preferences.scenario { flow.responder.controls.applied.append("scenario=\(name)") }
            let scenario = preferences.scenario ?? Self.scenario(of: flow.request)
            let flow = flow
            let counted = { @Sendable (fails: Bool) in
                guard fails else { return misbehave(flow, preferences, draws: draws, flags: flags, next: next) }
                let status = preferences.status ?? 503
                var flow = flow
                if preferences.status != nil { flow.responder.controls.applied.append("status=\(status)") }
                flow.responder.send(.problem(.injected(status: status, cause: "Prefer: fail=\(failures)")))
            }
            switch scenarios {
            case .local(let counts):
                return counted(counts.shouldFail(scenario, failures: failures))
            case .shared(let counts):
                return flow.responder.continueOnLoop(
                    after: { try await counts.shouldFail(scenario, failures: failures) },
                    then: { result in
                        switch result {
                        case .success(let fails): counted(fails)
                        case .failure(let error):
                            flow.responder.send(.problem(Problem.answering(error)))
                        }
                    })
            }
        }
        misbehave(flow, preferences, draws: draws, flags: flags, next: next)
    }

    /// After `fail=N`: an injected status, a fault, or on to the domain.
    private static func misbehave(
        _ flow: RequestFlow, _ preferences: DemoPreferences, draws: RequestDraws, flags: DemoControls.Flags,
        next: PipelineNext
    ) {
        var flow = flow
        if preferences.fail == nil, let status = preferences.status {
            flow.responder.controls.applied.append("status=\(status)")
            return flow.responder.send(.problem(.injected(status: status, cause: "Prefer: status=\(status)")))
        }
        switch preferences.fault {
        case .drop:
            flow.responder.controls.applied.append("fault=drop")
            return flow.responder.drop()
        case .hang:
            flow.responder.controls.applied.append("fault=hang")
            let responder = flow.responder
            return responder.exchange.awaitResponse { reason in responder.abandon(reason) }
        case .malformed:
            // Listed as applied by the responder, and only if the answer has a body to cut.
            flow.responder.controls.cutsBody = true
        case .incomplete:
            flow.responder.controls.applied.append("fault=incomplete")
            flow.partialResults = true
        case nil:
            if !preferences.asksForFailure, flags.faultRate > 0, draws.unit(.fault) < flags.faultRate {
                return flow.responder.send(
                    .problem(.injected(status: 503, cause: "--fault-rate \(flags.faultRate) drew this request")))
            }
        }
        next(flow)
    }

    /// A request's scenario when it names none: method, path and query without the `__*` twins.
    static func scenario(of request: ServerRequest) -> String {
        let query = request.queryParameters.encoded()
        return request.method.rawValue + " " + request.path + (query.isEmpty ? "" : "?" + query)
    }
}
