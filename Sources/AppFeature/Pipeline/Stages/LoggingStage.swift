import HTTPKit
import HTTPTypes
import Logging

/// Logs what made a request fail unexpectedly — always, once, under the id its 500 names —, why
/// the database could not answer one — throttled: an outage fails every request — and, with
/// `--access-log`, every answer.
struct LoggingStage: PipelineStage {
    /// `--access-log`'s logger; `nil`: requests are not logged.
    let accessLog: Logger?
    /// How often a 503's cause is logged (`unavailableLogInterval`).
    let unavailableLog: LogThrottle

    /// At most one line every 10 s says why requests are answered 503, with how many were not
    /// logged since the last (README, "Logs").
    static let unavailableLogInterval = Duration.seconds(10)

    /// Where unexpected errors and unavailable databases go, whether or not requests are logged.
    private static let errorLog = Logger(label: "counterpart.errors")

    init(accessLog: Logger?, unavailableLog: LogThrottle = LogThrottle(interval: unavailableLogInterval)) {
        self.accessLog = accessLog
        self.unavailableLog = unavailableLog
    }

    func respond(_ answer: Answer, next: AnswerNext) {
        // The responder is copied only for a line that is logged: each copy retains and releases
        // every field it holds, and most answers log nothing.
        if let problem = answer.response.problem, let cause = problem.cause {
            let (responder, request) = (answer.responder, answer.responder.request)
            var metadata: Logger.Metadata = [
                "request_id": "\(request.id)",
                "method": "\(request.method.rawValue)",
                "path": "\(responder.loggedPath)",
                "route": "\(responder.route)",
                "error": "\(cause)",
            ]
            if problem.status != .serviceUnavailable {
                Self.errorLog.error("unexpected error", metadata: metadata)
            } else if let unlogged = unavailableLog.admit(at: .now) {
                metadata["unlogged_since_last"] = "\(unlogged)"
                Self.errorLog.warning("answered 503: the database did not answer", metadata: metadata)
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
}
