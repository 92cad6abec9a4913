/// How the bytes after a request's head are delimited (RFC 9112 §6.3), as `RequestHead` decided it.
package enum BodyFraming: Equatable, Sendable {
    /// No body: the next byte starts the next request.
    case none
    /// Exactly this many bytes (`Content-Length`, more than zero).
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
}
