/// An action type whose only entry from outside is a public request.
///
/// A feature's `Action` has two halves: `request(Request)`, built by the router from an HTTP
/// request, and `internal(…)`, built only by the feature's own effects. Stores accept nothing but a
/// `Request` from outside, so a client can never forge an effect result.
///
/// ```swift
/// enum Action: RoutableAction {
///     case request(Request)
///     case `internal`(Internal)
/// }
/// ```
///
/// `Scope` and `TestStore` also need the action to be `CasePathable`. That conformance is written by
/// hand, not by the `@CasePathable` macro, so no build compiles swift-syntax (BUILDING.md): one
/// `AnyCasePath` per case, in the feature's `+CasePaths.swift` file (`TodosFeature+CasePaths.swift`).
public protocol RoutableAction: Sendable {
    /// The public request payloads a router may build.
    associatedtype Request: Sendable

    /// Wraps a public request as an action (an enum case satisfies it).
    static func request(_ request: Request) -> Self
}
