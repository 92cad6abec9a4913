import HTTPKit
import HTTPTypes
import Logging

/// Logs what made a request fail unexpectedly (always, once, under the id its 500 names), why the
/// database could not serve one (throttled, since an outage fails every request) and, with
/// `--access-log`, every answer.
struct LoggingStage: PipelineStage {
    /// `--access-log`'s logger; `nil`: requests are not logged.
    let accessLog: Logger?
    /// At most one line every 10 s says why requests are answered 503, with how many 503s were held
    /// back since the line before (Documentation/http-and-limits.md).
    let unavailableLog = LogThrottle(interval: .seconds(10))

    /// Where unexpected errors and unavailable databases go, whether or not requests are logged.
    private static let errorLog = Logger(label: "counterpart.errors")

    func respond(_ answer: Answer, next: AnswerNext) {
        // The responder is copied only for a line that is logged: each copy retains and releases
        // every field it holds, and most answers log nothing — nor do the 503s the throttle holds.
        if let problem = answer.response.problem, let cause = problem.cause {
            if problem.status != .serviceUnavailable {
                Self.errorLog.error("unexpected error", metadata: Self.metadata(answer, cause: cause))
            } else if let unlogged = unavailableLog.admit(at: .now) {
                var metadata = Self.metadata(answer, cause: cause)
                metadata["unlogged_since_last"] = "\(unlogged)"
                Self.errorLog.warning("answered 503: the database could not serve the request", metadata: metadata)
            }
        }
        if let accessLog {
            let (responder, request) = (answer.responder, answer.responder.request)
            accessLog.info(
                "request",
                metadata: [
                    "request_id": "\(request.id)",
                    "method": "\(request.method.rawValue)",
                    "path": "\(responder.loggedPath)",
                    "status": "\(answer.final.status.code)",
                    "duration_ms": "\(ServerTiming.milliseconds(answer.elapsed.inMilliseconds))",
                ]
            )
        }
        next(answer)
    }

    /// What identifies the request a logged failure belongs to, and what failed.
    private static func metadata(_ answer: Answer, cause: String) -> Logger.Metadata {
        let (responder, request) = (answer.responder, answer.responder.request)
        return [
            "request_id": "\(request.id)",
            "method": "\(request.method.rawValue)",
            "path": "\(responder.loggedPath)",
            "route": "\(responder.route)",
            "error": "\(cause)",
        ]
    }
}
