import HTTPKit
import HTTPWire

/// Where an exchange's one answer goes: the connection its request came on, or, for a caller with
/// no socket (`HTTPServer.answer(_:peer:)`), the bytes it is handed back.
protocol ExchangeTransport: AnyObject {
    /// Writes `response`, the answer to the request read with `head`.
    func send(_ response: Response, for head: RequestHead)
    /// Ends the exchange without an answer (the demo controls' `fault=drop`).
    func drop()
}
