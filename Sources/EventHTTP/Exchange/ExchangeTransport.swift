import HTTPKit
import HTTPWire

/// Where an exchange's one answer goes: the connection its request came on, or, for a caller with
/// no socket (`HTTPServer.answer(_:peer:)`), the bytes it is handed back.
protocol ExchangeTransport: AnyObject {
    /// Writes `response`, framed as its request asked (`framing`).
    func send(_ response: Response, framing: AnswerFraming)
    /// Ends the exchange without an answer (the demo controls' `fault=drop`).
    func drop()
    /// Writes the head of `response`, whose body follows in chunks; `false` when none can: a HEAD
    /// request or a status without content (the answer is complete), or a connection gone.
    func startStream(_ response: Response, framing: AnswerFraming) -> Bool
    /// Queues `chunk` of the open stream; `false` when the stream is gone (the client left, or
    /// read too slowly and was cut).
    func sendChunk(_ chunk: [UInt8]) -> Bool
    /// Ends the open stream after the chunks queued.
    func endStream()
}
