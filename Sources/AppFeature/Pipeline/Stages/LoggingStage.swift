import HTTPKit
import HTTPTypes
import Logging

/// Logs what made a request fail unexpectedly — always, once, under the id its 500 names — and,
/// with `--access-log`, every answer.
struct LoggingStage: PipelineStage {
    /// `--access-log`'s logger; `nil`: requests are not logged.
    let accessLog: Logger?

    /// Where unexpected errors go, whether or not requests are logged.
    private static let errorLog = Logger(label: "counterpart.errors")

    func respond(_ answer: Answer, next: AnswerNext) {
        // The responder is copied only for a line that is logged: each copy retains and releases
        // every field it holds, and most answers log nothing.
        if let cause = answer.response.problem?.cause {
            let (responder, request) = (answer.responder, answer.responder.request)
            Self.errorLog.error(
                "unexpected error",
                metadata: [
                    "request_id": "\(request.id)",
                    "method": "\(request.method.rawValue)",
                    "path": "\(responder.loggedPath)",
                    "route": "\(responder.route)",
                    "error": "\(cause)",
                ]
            )
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
