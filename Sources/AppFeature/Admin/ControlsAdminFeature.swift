import Dependencies
public import HTTPKit
import HTTPTypes
public import Reducers

/// The demo controls' `/__admin` routes (api.md §6.2): the request journal, the run-time flags the
/// console's toggles change, and the reset. The reset and the journal's views are effects (the
/// journal may be in the shared database); the flags answer on the fast path.
public struct ControlsAdminFeature: Reducer, Sendable {
    /// The request's state: only its answer.
    public struct State: RespondingState, Equatable {
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the router; the reset's and the journal's outcomes from their effects.
    public enum Action: RoutableAction {
        case request(ControlsAdminRequest)
        case `internal`(Internal)
    }

    /// Effect outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case reset(TaskResult<ResetSummary>)
        /// A journal view's answer.
        case journalRead(TaskResult<Response>)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @Dependency(\.demoControls) var controls
        @Dependency(\.demoReset) var reset
        switch action {
        case .request(.console(let scriptPath)):
            state.response =
                scriptPath == ControlsAdminRoutes.consoleScript
                ? Self.consoleResponse : Self.consoleResponse(scriptPath: scriptPath)
        case .request(.consoleScript):
            state.response = Self.consoleScriptResponse
        case .request(.reset(let seed)):
            if let problem = reset.unsupported(seed: seed, controls: controls) {
                state.response = .problem(problem)
                return .none
            }
            return .task({ .internal(.reset($0)) }) { try await reset.reset(seed: seed) }
        case .internal(.reset(.success(let summary))):
            state.response = .json(summary)
        case .internal(.reset(.failure(let error))), .internal(.journalRead(.failure(let error))):
            state.response = .problem(Problem.answering(error))
        case .request(.listRequests(let limit)):
            let journal = controls.journal
            return .task({ .internal(.journalRead($0)) }) { .json(try await journal.newest(limit)) }
        case .request(.clearRequests):
            let journal = controls.journal
            return .task({ .internal(.journalRead($0)) }) {
                try await journal.removeAll()
                return Response(status: .noContent)
            }
        case .internal(.journalRead(.success(let response))):
            state.response = response
        case .request(.showControls):
            state.response = .json(controls.flags)
        case .request(.updateControls(let latency, let faultRate)):
            var flags = controls.flags
            if let latency { flags.latency = latency }
            if let faultRate { flags.faultRate = faultRate }
            controls.update(flags)
            state.response = .json(flags)
        }
        return .none
    }

    /// The console page at the origin's root, rendered once.
    static let consoleResponse = consoleResponse(scriptPath: ControlsAdminRoutes.consoleScript)

    /// The console page with its ETag; only its own script and inline style may run, it talks only
    /// to this origin, and it is never framed.
    static func consoleResponse(scriptPath: String) -> Response {
        let body = Array(ConsolePage.html(scriptPath: scriptPath).utf8)
        return Response(
            status: .ok,
            headers: [
                .contentType: MediaType.html, .eTag: EntityTag.strong(for: body), .cacheControl: "no-cache",
                .contentSecurityPolicy:
                    "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; "
                    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                .xContentTypeOptions: "nosniff",
            ],
            body: ResponseBody(body)
        )
    }

    /// The console's script with its ETag.
    static let consoleScriptResponse: Response = {
        let body = Array(ConsoleScript.javascript.utf8)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .eTag: EntityTag.strong(for: body),
                .cacheControl: "no-cache", .xContentTypeOptions: "nosniff",
            ],
            body: ResponseBody(body)
        )
    }()
}

extension DemoControls.Flags: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("latency") { writer in
                guard let latency else { return writer.null() }
                writer.object { range in
                    range.member("minMs", latency.lowerBound)
                    range.member("maxMs", latency.upperBound)
                }
            }
            object.member("faultRate") { writer in writer.number(faultRate) }
        }
    }
}
