import HTTPKit
import HTTPTypes

/// What the demo controls did to one request, for its answer and its journal entry.
struct AppliedControls: Sendable {
    /// The preferences honoured, in `Preference-Applied` form (`delay=800`, `fail=2`).
    var applied: [String] = []
    /// Injected delay, milliseconds (`Server-Timing: delay;dur`).
    var delayMilliseconds: Double = 0
    /// When the injected delay began, in milliseconds after the request arrived. A number, not a
    /// `ContinuousClock.Instant`: the standard library keeps that type's layout resilient, and held
    /// here it made the responder's layout one the runtime computes, so that every copy of it went
    /// through type metadata (~1,000 instructions a request, 3.5 % of a `/health`; BENCHMARKS.md).
    var delayBeganAfterMilliseconds: Double?
    /// `fault=malformed`: a successful answer's body is cut mid-JSON (and `fault=malformed` added to
    /// `applied` then; an answer without one is sent whole and stored as usual).
    var cutsBody = false

    /// The injected delay as far as it ran by `elapsed` milliseconds after the request arrived: all of
    /// it once it has passed, part of it for a request cut off meanwhile.
    func delayMilliseconds(ranUntil elapsed: Double) -> Double {
        guard let began = delayBeganAfterMilliseconds else { return 0 }
        return min(delayMilliseconds, elapsed - began)
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
