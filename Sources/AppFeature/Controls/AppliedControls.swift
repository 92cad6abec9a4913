import HTTPKit
import HTTPTypes

/// What the demo controls did to one request, for its answer and its journal entry.
struct AppliedControls: Sendable {
    /// The preferences honoured, in `Preference-Applied` form (`delay=800`, `fail=2`).
    var applied: [String] = []
    /// Injected delay, milliseconds (`Server-Timing: delay;dur`).
    var delayMilliseconds: Double = 0
    /// When the injected delay began.
    var delayStarted: ContinuousClock.Instant?
    /// `fault=malformed`: a successful answer's body is cut mid-JSON (and `fault=malformed` added to
    /// `applied` then; an answer without one is sent whole and stored as usual).
    var cutsBody = false

    /// The injected delay as far as it ran by `now`, milliseconds: all of it once it has passed, part
    /// of it for a request cut off meanwhile.
    func delayMilliseconds(ranUntil now: ContinuousClock.Instant) -> Double {
        guard let delayStarted else { return 0 }
        return min(delayMilliseconds, (now - delayStarted).inMilliseconds)
    }

    /// The `Preference-Applied` value, `nil` when nothing was applied.
    var preferenceApplied: String? {
        applied.isEmpty ? nil : applied.joined(separator: ", ")
    }

    /// `response` with its body cut in half (`Content-Length` follows), when it is a 2xx with a body;
    /// `nil` for other answers, which stay whole.
    static func cut(_ response: Response) -> Response? {
        guard (200..<300).contains(response.status.code), response.body.count > 1 else { return nil }
        var cut = response
        cut.body = ResponseBody(Array(response.body.bytes.prefix(response.body.count / 2)))
        return cut
    }
}
