import CLibevent
import HTTPKit
import HTTPTypes
import HTTPWire

/// One request answered without a socket: its bytes are read as a connection reads them (the same
/// `RequestReader`, limits and refusals), the handler answers it on its loop as it would any other,
/// and the answer is written as a connection writes it — head, `Date` and all — into bytes handed
/// back to the caller.
///
/// Lives on its loop's thread and keeps itself alive until the request is answered: the exchange
/// only borrows its transport.
final class InProcessExchange: ExchangeTransport {
    private let server: LoopServer
    private var answered: ((_ bytes: [UInt8]?) -> Void)?
    private var exchange: Exchange?
    private var keptUntilAnswered: InProcessExchange?

    private init(server: LoopServer, answered: @escaping (_ bytes: [UInt8]?) -> Void) {
        self.server = server
        self.answered = answered
    }

    /// Reads `bytes` as one request from `peer` and calls `answered` with what its answer puts on
    /// the wire, or `nil` when there is none: the bytes end before the request does, or the handler
    /// dropped the request.
    static func start(
        _ bytes: [UInt8], peer: String, on server: LoopServer, answered: @escaping (_ bytes: [UInt8]?) -> Void
    ) {
        InProcessExchange(server: server, answered: answered).read(bytes, peer: peer)
    }

    private func read(_ bytes: [UInt8], peer: String) {
        guard let input = evbuffer_new() else { return finish(nil) }
        defer { evbuffer_free(input) }
        bytes.withUnsafeBytes { _ = evbuffer_add(input, $0.baseAddress, $0.count) }
        let limits = server.configuration
        var reader = RequestReader(maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes)
        do throws(RequestRefusal) {
            while true {
                switch try reader.next(from: input) {
                case .needMore: return finish(nil)
                case .bodyFollows: continue
                case .request(let head, let body):
                    let request = ServerRequest(
                        method: head.method, target: head.target, headers: head.headers, body: body, peer: peer)
                    keptUntilAnswered = self
                    let exchange = Exchange(
                        request: request, framing: head.answerFraming, connection: self, server: server)
                    self.exchange = exchange
                    return server.accept(exchange)
                }
            }
        } catch {
            server.counters.refusals.increment()
            let refusal = server.handler.refusalResponse(error)
            finish(written(refusal, as: ResponseHead(closes: true, isHTTP10: false), withBody: true))
        }
    }

    func send(_ response: Response, framing: AnswerFraming) {
        let form = ResponseHead(closes: !framing.keepsAlive || server.isDraining, isHTTP10: framing.isHTTP10)
        finish(written(response, as: form, withBody: !framing.omitsBody))
    }

    func drop() {
        finish(nil)
    }

    /// A stream has no end the caller could wait for: its head alone is handed back, and the
    /// stream ends at once (streams are tested over a socket).
    func startStream(_ response: Response, framing: AnswerFraming) -> Bool {
        let form = ResponseHead(closes: true, isHTTP10: framing.isHTTP10)
        finish(written(response, as: form, withBody: false))
        return false
    }

    func sendChunk(_ chunk: [UInt8]) -> Bool { false }

    func endStream() {}

    private func finish(_ bytes: [UInt8]?) {
        answered?(bytes)
        answered = nil
        exchange = nil
        keptUntilAnswered = nil
    }

    /// `response` as a connection writes it: the head `form` makes, then the body unless the
    /// request was HEAD or the status has no content.
    private func written(_ response: Response, as form: ResponseHead, withBody: Bool) -> [UInt8] {
        let date = server.date.now
        let maximum = form.maximumCount(of: response, date: date)
        var bytes = [UInt8](unsafeUninitializedCapacity: maximum) { buffer, count in
            count = form.write(response, date: date, into: UnsafeMutableRawBufferPointer(buffer))
        }
        if withBody, ResponseHead.allowsContent(response.status) { bytes += response.body.bytes }
        return bytes
    }
}
