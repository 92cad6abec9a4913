import HTTPKit
import HTTPTypes

/// Counts every answer in `/metrics` by route template, method and status, with its duration — the
/// 503 the HTTP layer gives a request that ended without an answer of its own included.
struct MetricsStage: PipelineStage {
    let answers: AnswerMetrics

    func respond(_ answer: Answer, next: AnswerNext) {
        // Read through `answer`: a local copy of the responder retained and released its every field.
        answers.record(
            route: answer.responder.route, method: answer.responder.request.method.rawValue,
            status: answer.final.status.code, duration: answer.elapsed)
        next(answer)
    }

    func ended(_ ending: RequestEnding, responder: Responder) {
        // A dropped connection gets no answer to count.
        guard case .cancelled = ending else { return }
        answers.record(
            route: responder.route, method: responder.request.method.rawValue,
            status: HTTPResponse.Status.serviceUnavailable.code, duration: responder.elapsed)
    }
}
