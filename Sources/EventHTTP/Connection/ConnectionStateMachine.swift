import HTTPKit
import HTTPWire

/// Every decision an HTTP/1.1 connection makes, in an object that touches no socket.
///
/// `HTTPConnection` tells it what happened — bytes arrived, a request was parsed, an answer was
/// queued, output was written, the client left, the timer fired — and carries out the
/// `ConnectionActions` it returns. So the rules (one request with the handler at a time, answers in
/// order, backpressure both ways, a deadline for every wait, a refusal answered and then lingered
/// over, a closed connection inert) are tested step by step without a socket or a loop, and the I/O
/// around them stays thin. Time comes in as an argument; the machine never reads a clock.
///
/// A class rather than a struct held in the connection: a struct's every transition would be a
/// mutating access to one of the connection's properties, which the runtime checks for exclusivity
/// on each call of the request path.
///
/// An answer reaches it only as "queued": whether its body was copied into the output, shared with a
/// cache by reference, or follows as a stream of chunks (`streamStarted()`, `chunkQueued()`, then
/// `answerQueued(closes:)`) is the writer's business, and every byte not yet taken by the socket
/// counts as unwritten the same way.
final class ConnectionStateMachine {
    /// What the connection is doing with the client's requests.
    enum Phase: Equatable {
        /// Reading the next request.
        case reading
        /// A request is with the handler; pipelined bytes wait in the input.
        case answering
        /// An answer's head is out and its body follows in chunks; pipelined bytes wait.
        case streaming
        /// The last answer is going out; everything the client still sends is dropped.
        case closing
    }

    /// What the connection's one timer is armed for.
    enum Deadline: Equatable {
        /// Between requests (and re-armed while one is answered or an answer is still leaving).
        case idle
        /// A head or body: its own limit, or `--idle-timeout` without a byte.
        case part(RequestReader.Part)
        /// The last answer must leave within `--idle-timeout`.
        case finishing
        /// After the last answer: the client's moment to read it.
        case linger
    }

    private let limits: ServerConfiguration
    private(set) var phase = Phase.reading
    private(set) var deadline: Deadline?
    /// When the head or body being read must be complete (`--header-timeout`, `--request-timeout`).
    private var partEnds: ContinuousClock.Instant
    /// Whether the timer was armed for `partEnds` rather than for `--idle-timeout` without a byte:
    /// decided when arming, since the loop's timer may fire a hair before `partEnds`.
    private var timerEndsPart = false
    /// The read event is armed when the connection opens.
    private(set) var isReading = true
    private var isWaitingToWrite = false
    /// Whether the output will be written at the end of this turn.
    private var isQueuedToWrite = false
    /// Whether requests are being parsed from the input; parsing is never re-entered.
    private(set) var isParsing = false
    private var hasShutDown = false
    private var peerHasEnded = false
    /// Whether the connection counts against the connection limits (and must be released).
    private(set) var isAdmitted = false
    private(set) var isClosed = false
    /// What the connection's last answer refuses, once a rule was broken.
    private(set) var refusal: RequestRefusal?

    /// A connection opened at `now` under `limits`.
    init(limits: ServerConfiguration, openedAt now: ContinuousClock.Instant) {
        self.limits = limits
        partEnds = now
    }

    // MARK: Reading

    /// The connection was counted against the connection limits: over them it is refused
    /// (`refusal`), otherwise its first head is timed from now.
    func opened(refusal: RequestRefusal?, now: ContinuousClock.Instant) -> ConnectionActions {
        if let refusal { return refuse(refusal) }
        isAdmitted = true
        return ConnectionActions(timer: startPart(.head, now: now))
    }

    /// Bytes arrived; `unread` is what the input now holds.
    func inputArrived(unread: Int) -> ConnectionActions {
        switch phase {
        case .closing: return ConnectionActions(discardInput: true)
        case .reading: return ConnectionActions(parse: true)
        case .answering, .streaming:
            // Pipelined bytes wait; past a head and a body's worth, the client waits too.
            return unread > limits.maxHeaderBytes + limits.maxBodyBytes ? pauseReading() : .none
        }
    }

    /// Starts parsing the input; `false` when parsing is already under way further up the stack
    /// (an answer given while it runs lets its loop go on).
    func startParsing() -> Bool {
        guard !isParsing else { return false }
        isParsing = true
        return true
    }

    /// Parsing stopped.
    func stopParsing() {
        isParsing = false
    }

    /// Whether to parse the next request, given `unwritten` bytes of answers the socket has not
    /// taken: only while reading, and not past `--max-unread-bytes` (then reading pauses until the
    /// answers have left).
    func nextRequest(unwritten: Int) -> ConnectionActions {
        guard phase == .reading, !isClosed else { return .none }
        if unwritten > limits.maxUnreadBytes { return pauseReading() }
        return ConnectionActions(parse: true)
    }

    /// The input ends inside `part`: its clock starts at its first byte (the first request's runs
    /// from the opening), and a clock already running restarts its stall part — bytes arrived.
    func partUnfinished(_ part: RequestReader.Part, now: ContinuousClock.Instant) -> ConnectionActions {
        if deadline == .part(part) { return ConnectionActions(timer: armPart(part, now: now)) }
        return ConnectionActions(timer: startPart(part, now: now))
    }

    /// A head was read whose body follows: the body's clock starts.
    func bodyFollows(now: ContinuousClock.Instant) -> ConnectionActions {
        ConnectionActions(timer: startPart(.body, now: now))
    }

    /// A whole request was read and goes to the handler.
    func requestParsed() {
        phase = .answering
    }

    /// The client closed its side, or the socket failed, and `unwritten` bytes of answers wait. A
    /// request still with the handler is cancelled (answers queued before it still go out, as far as
    /// the socket takes them); otherwise what is queued is written, then the connection closes.
    func peerEnded(unwritten: Int) -> ConnectionActions {
        guard !isClosed else { return .none }
        peerHasEnded = true
        var actions = pauseReading()
        switch phase {
        case .answering, .streaming:
            actions.writeNow = true
            actions.close = true
        case .reading, .closing:
            if unwritten == 0 {
                actions.close = true
            } else {
                let finish = finishAfterWriting()
                actions.timer = finish.timer
                actions.writeNow = true
            }
        }
        return actions
    }

    // MARK: Writing

    /// The whole answer to the request with the handler is queued (for a stream: its last chunk).
    /// One that `closes` the connection is written at once and the client's further bytes are
    /// dropped; otherwise it leaves at the end of the turn with the turn's other answers, and
    /// reading goes on.
    func answerQueued(closes: Bool) -> ConnectionActions {
        guard !isClosed else { return .none }
        if closes {
            var actions = finishAfterWriting()
            actions.discardInput = true
            return actions
        }
        phase = .reading
        var actions = ConnectionActions(timer: arm(.idle), writeAtEndOfTurn: queueToWrite())
        // Inside the parsing loop, that loop reads on by itself.
        if !isParsing { actions.reading = readOn() }
        return actions
    }

    /// An answer's head is queued and its body follows in chunks of unknown number.
    func streamStarted() -> ConnectionActions {
        guard !isClosed, phase == .answering else { return .none }
        phase = .streaming
        return ConnectionActions(timer: arm(.idle), writeAtEndOfTurn: queueToWrite())
    }

    /// A chunk of a streamed body is queued: it leaves at the end of the turn.
    func chunkQueued() -> ConnectionActions {
        guard !isClosed, phase == .streaming else { return .none }
        return ConnectionActions(writeAtEndOfTurn: queueToWrite())
    }

    /// The loop's turn ended: write what the turn queued.
    func turnEnded() -> ConnectionActions {
        isQueuedToWrite = false
        return isClosed ? .none : ConnectionActions(writeNow: true)
    }

    /// The socket can take more output again.
    func becameWritable() -> ConnectionActions {
        isWaitingToWrite = false
        return isClosed ? .none : ConnectionActions(writeNow: true)
    }

    /// A write left the output empty (`everything`) or not. A full socket is waited for (each wait
    /// at most `--idle-timeout`); an empty output ends a closing connection's sending side (or the
    /// connection, once the client has left) and lets a paused one read again.
    func written(everything: Bool) -> ConnectionActions {
        guard !isClosed else { return .none }
        var actions = ConnectionActions()
        guard everything else {
            if !isWaitingToWrite {
                isWaitingToWrite = true
                actions.writability = .wait(limits.idleTimeout)
            }
            return actions
        }
        if isWaitingToWrite {
            isWaitingToWrite = false
            actions.writability = .stopWaiting
        }
        switch phase {
        case .closing:
            if peerHasEnded {
                actions.close = true
            } else if !hasShutDown {
                // Give the client a moment to read the answer before the connection ends: closing
                // with unread input would send a reset that can destroy it.
                hasShutDown = true
                actions.shutDownSending = true
                actions.timer = arm(.linger)
            }
        case .reading:
            if !isReading, !isParsing { actions.reading = readOn() }
        case .answering, .streaming:
            break
        }
        return actions
    }

    // MARK: Refusing, deadlines, closing

    /// Answers `refusal` and closes; nothing the client sends after it is read as a request.
    /// Refusals happen only while reading, never while a request is with the handler.
    func refuse(_ refusal: RequestRefusal) -> ConnectionActions {
        guard phase == .reading, !isClosed else { return .none }
        self.refusal = refusal
        var actions = finishAfterWriting()
        actions.answerRefusal = true
        actions.discardInput = true
        return actions
    }

    /// The timer fired, with `unwritten` bytes of answers still queued.
    func timerFired(unwritten: Int) -> ConnectionActions {
        guard let passed = deadline, !isClosed else { return .none }
        deadline = nil
        switch passed {
        case .part(let part) where phase == .reading:
            return refuse(RequestRefusal(.timeout, timeoutDetail(part)))
        case .idle, .part:
            // A request with the handler has its own deadline; an answer still leaving, its write timeout.
            if phase == .answering || phase == .streaming || unwritten > 0 {
                return ConnectionActions(timer: arm(.idle))
            }
            return ConnectionActions(close: true)
        case .finishing, .linger:
            return ConnectionActions(close: true)
        }
    }

    /// Marks the connection closed; `false` if it already was. A closed connection asks for nothing.
    func close() -> Bool {
        guard !isClosed else { return false }
        isClosed = true
        return true
    }

    // MARK: Helpers

    private func pauseReading() -> ConnectionActions {
        guard isReading else { return .none }
        isReading = false
        return ConnectionActions(reading: .pause)
    }

    /// Reading resumes unless the client has left; `nil` when it cannot.
    private func readOn() -> ConnectionActions.Reading? {
        guard !peerHasEnded else { return nil }
        let arming = !isReading
        isReading = true
        return .readOn(arming: arming)
    }

    /// Whether this call is the one that asks for a write at the end of the turn.
    private func queueToWrite() -> Bool {
        guard !isQueuedToWrite else { return false }
        isQueuedToWrite = true
        return true
    }

    /// The queued answers are the last: the whole of them must leave within `--idle-timeout`,
    /// however slowly the client reads.
    private func finishAfterWriting() -> ConnectionActions {
        phase = .closing
        return ConnectionActions(timer: arm(.finishing), writeNow: true)
    }

    /// Starts the clock of a head (from its first byte, or the connection's opening) or a body.
    private func startPart(_ part: RequestReader.Part, now: ContinuousClock.Instant) -> Duration {
        partEnds = now + (part == .head ? limits.headerTimeout : limits.requestTimeout)
        return armPart(part, now: now)
    }

    /// A head or body ends at its deadline or after `--idle-timeout` without a byte, whichever
    /// comes first.
    private func armPart(_ part: RequestReader.Part, now: ContinuousClock.Instant) -> Duration {
        let untilPartEnds = partEnds - now
        timerEndsPart = untilPartEnds <= limits.idleTimeout
        deadline = .part(part)
        return max(min(limits.idleTimeout, untilPartEnds), .zero)
    }

    private func arm(_ next: Deadline) -> Duration {
        deadline = next
        return next == .linger ? limits.lingerTimeout : limits.idleTimeout
    }

    private func timeoutDetail(_ part: RequestReader.Part) -> String {
        if !timerEndsPart {
            "No byte of the request arrived for \(limits.idleTimeout) (--idle-timeout)."
        } else if part == .head {
            "The request's head did not arrive within \(limits.headerTimeout) (--header-timeout)."
        } else {
            "The request's body did not arrive within \(limits.requestTimeout) (--request-timeout)."
        }
    }
}
