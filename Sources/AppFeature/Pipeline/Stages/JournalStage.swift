import EventHTTP
import Foundation
import HTTPKit
import HTTPTypes

/// Records how each request ended in its sandbox's journal (`--dev`, api.md §6.2): the status
/// answered, or that the client left, the deadline passed or the connection was dropped — with what
/// the demo controls did to it. Routing says which journal, if any: a domain route's or an unknown
/// path's, in the sandbox it ran in.
struct JournalStage: PipelineStage {
    func respond(_ answer: Answer, next: AnswerNext) {
        Self.record(answer.responder, status: answer.final.status.code, outcome: .completed, elapsed: answer.elapsed)
        next(answer)
    }

    func ended(_ ending: RequestEnding, responder: Responder) {
        switch ending {
        case .cancelled(.deadline):
            Self.record(responder, status: 503, outcome: .timedOut, elapsed: responder.elapsed)
        case .cancelled:
            Self.record(responder, status: nil, outcome: .cancelled, elapsed: responder.elapsed)
        case .dropped:
            Self.record(responder, status: nil, outcome: .dropped, elapsed: responder.elapsed)
        }
    }

    private static func record(_ responder: Responder, status: Int?, outcome: JournalEntry.Outcome, elapsed: Duration) {
        guard let journal = responder.journal else { return }
        let request = responder.request
        let milliseconds = elapsed.inMilliseconds
        let received = Date().timeIntervalSince1970 - milliseconds / 1000
        journal.record(
            JournalEntry(
                id: request.id.description,
                method: request.method.rawValue,
                path: request.path,
                query: request.query,
                status: status,
                outcome: outcome,
                receivedAt: Timestamp(secondsSince1970: Int64(received.rounded(.down))),
                durationMilliseconds: milliseconds,
                injectedDelayMilliseconds: responder.controls.delayMilliseconds,
                preferenceApplied: responder.controls.preferenceApplied
            )
        )
    }
}
