/// A feature's logic: how an action changes state and which effects it starts.
///
/// The vocabulary is The Composable Architecture's, kept on Linux where TCA itself does not build.
/// Reducers are synchronous and cheap — no I/O, no waiting; work that waits goes into the returned
/// `Effect`, whose results come back as actions. Implement `reduce(into:action:)`, or compose others
/// in `body`.
///
/// ```swift
/// struct Counter: Reducer {
///     struct State: Equatable { var count = 0 }
///     enum Action { case increment }
///     func reduce(into state: inout State, action: Action) -> Effect<Action> {
///         state.count += 1
///         return .none
///     }
/// }
/// ```
public protocol Reducer<State, Action>: SendableMetatype {
    /// The state the reducer owns.
    associatedtype State
    /// Everything that can happen to the state.
    associatedtype Action: Sendable
    /// The reducer this one is composed of, when it uses `body`.
    associatedtype Body

    /// Applies `action` to `state` and returns the effects to run next.
    func reduce(into state: inout State, action: Action) -> Effect<Action>

    /// The composed reducer, for reducers built from others.
    @ReducerBuilder<State, Action>
    var body: Body { get }
}

extension Reducer where Body == Never {
    /// A reducer that implements `reduce(into:action:)` has no body; the runtime never asks for it.
    public var body: Body {
        preconditionFailure(
            "\(Self.self) implements reduce(into:action:) and has no body. Call reduce(into:action:) instead."
        )
    }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    /// Runs `body`.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}
