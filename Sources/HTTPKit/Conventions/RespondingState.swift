/// Feature state that ends with an HTTP answer.
///
/// Every feature's `State` adopts it: the HTTP driver reads `response` after each reduce, replies once
/// it is set and cancels whatever effects remain (architecture.md §3.4, "Response rule"). A state
/// whose `response` streams its body (`Response.streamsBody`) also has a `stream`: the driver writes
/// each chunk the reducer puts there, and the request ends when the reducer ends the stream or the
/// client leaves — the long-living effect behind it is cancelled then.
public protocol RespondingState: Sendable {
    /// The answer to the request, `nil` until the feature has decided it.
    var response: Response? { get set }
    /// The body of a streamed answer, chunk by chunk; `nil` for every other answer.
    var stream: StreamedBody? { get }
    /// Whether any answer of this feature may stream: only then does the driver prepare to write
    /// chunks, so a feature that never streams pays nothing for it.
    static var mayStream: Bool { get }
}

extension RespondingState {
    /// No stream: the answer is whole.
    public var stream: StreamedBody? { nil }

    /// Never.
    public static var mayStream: Bool { false }
}
