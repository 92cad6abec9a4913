public import CasePaths
import Dependencies
public import HTTPKit
import HTTPTypes
public import Reducers

/// The demo controls' `/__admin` routes (api.md §6.2): the request journal and the run-time flags
/// the console's toggles change. Every answer is immediate, so they take the fast path.
public struct ControlsAdminFeature: Reducer, Sendable {
    /// The request's state: only its answer.
    public struct State: RespondingState, Equatable {
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// The public requests; nothing here needs an effect.
    @CasePathable
    public enum Action: RoutableAction {
        case request(ControlsAdminRequest)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        @Dependency(\.demoControls) var controls
        switch action {
        case .request(.listRequests(let limit)):
            state.response = .json(controls.journal.newest(limit))
        case .request(.clearRequests):
            controls.journal.removeAll()
            state.response = Response(status: .noContent)
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
