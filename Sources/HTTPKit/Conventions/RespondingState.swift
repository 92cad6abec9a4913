/// Feature state that ends with an HTTP answer.
///
/// Every feature's `State` adopts it: the HTTP driver reads `response` after each reduce, replies once
/// it is set and cancels whatever effects remain (architecture.md §3.4, "Response rule").
public protocol RespondingState: Sendable {
    /// The answer to the request, `nil` until the feature has decided it.
    var response: Response? { get set }
}
