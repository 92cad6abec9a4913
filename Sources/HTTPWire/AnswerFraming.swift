import HTTPTypes

/// What of a request decides how its answer is written: the version it is written in, whether the
/// connection stays open after it, and whether it carries a body.
///
/// An exchange keeps this instead of the whole `RequestHead`: the handler already holds the head's
/// target and fields in its `ServerRequest`, and a second copy, retained with the exchange and
/// released after the answer, cost every request its strings' and fields' reference counting.
package struct AnswerFraming: Sendable {
    /// Whether the request said HTTP/1.0 (the answer says it too).
    package let isHTTP10: Bool
    /// Whether the connection stays open after the answer (`RequestHead.keepsAlive`).
    package let keepsAlive: Bool
    /// Whether the request was HEAD: its answer has the head alone.
    package let omitsBody: Bool
}

extension RequestHead {
    /// How the answer to this request is framed.
    package var answerFraming: AnswerFraming {
        AnswerFraming(isHTTP10: isHTTP10, keepsAlive: keepsAlive, omitsBody: method == .head)
    }
}
