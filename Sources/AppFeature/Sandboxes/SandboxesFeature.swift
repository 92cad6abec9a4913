public import HTTPKit
import HTTPTypes
public import Reducers

/// `DELETE /sandboxes/{name}` and `GET /__admin/sandboxes` (api.md §6.4): the sandboxes as
/// resources. Listing answers on the fast path; dropping waits for the storage.
///
/// The registry is the pipeline's own, not a dependency: requests in every sandbox see the one
/// registry, while their dependencies are their sandbox's.
public struct SandboxesFeature: Reducer, Sendable {
    /// The request's state: only its answer.
    public struct State: RespondingState, Equatable {
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the router; the drop's outcome from its effect.
    public enum Action: RoutableAction {
        case request(SandboxesRequest)
        case `internal`(Internal)
    }

    /// Effect outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case dropped(SandboxName, TaskResult<Bool>)
    }

    let registry: SandboxRegistry

    /// The feature over `registry`.
    public init(registry: SandboxRegistry) {
        self.registry = registry
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(.list):
            state.response = .json(registry.list().map(SandboxSummary.init))
        case .request(.drop(let name)) where name.isDefault:
            state.response = .problem(
                .conflict("The default sandbox cannot be dropped; POST /__admin/reset puts it back to its seed."))
        case .request(.drop(let name)):
            return .task({ .internal(.dropped(name, $0)) }) { [registry] in try await registry.drop(name) }
        case .internal(.dropped(_, .success(true))):
            state.response = Response(status: .noContent)
        case .internal(.dropped(let name, .success(false))):
            state.response = .problem(
                .notFound("No sandbox \(name) is live; GET /__admin/sandboxes lists them (--dev)."))
        case .internal(.dropped(_, .failure(let error))):
            state.response = .problem(Problem.answering(error))
        }
        return .none
    }
}

/// One sandbox as `GET /__admin/sandboxes` lists it: `{name, createdAt, lastUsedAt, seed}`.
struct SandboxSummary: JSONWritable {
    let sandbox: Sandbox

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("name", sandbox.name.rawValue)
            object.member("createdAt", sandbox.createdAt)
            object.member("lastUsedAt", Timestamp(secondsSince1970: sandbox.lastUsed))
            object.member("seed") { writer in writer.integer(sandbox.seed) }
        }
    }
}
