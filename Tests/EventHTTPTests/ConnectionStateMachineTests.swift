@testable import EventHTTP
import HTTPKit
import HTTPWire
import Testing

/// The connection's rules, step by step and without a socket: each test tells the machine what the
/// socket did and checks what it asks the I/O to do next.
@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    private static let opening = ContinuousClock.now
    private static let limits = ServerConfiguration()

    /// An admitted connection, its first head's timer armed.
    private func admitted() -> ConnectionStateMachine {
        let machine = ConnectionStateMachine(limits: Self.limits, openedAt: Self.opening)
        _ = machine.opened(refusal: nil, now: Self.opening)
        return machine
    }

    /// A connection whose one request is with the handler.
    private func answering() -> ConnectionStateMachine {
        let machine = admitted()
        _ = machine.inputArrived(unread: 40)
        let started = machine.startParsing()
        #expect(started)
        #expect(machine.nextRequest(unwritten: 0) == ConnectionActions(parse: true))
        machine.requestParsed()
        machine.stopParsing()
        return machine
    }

    @Test("an admitted connection times its first head from the opening: --header-timeout, shorter than idle")
    func opening() {
        let machine = ConnectionStateMachine(limits: Self.limits, openedAt: Self.opening)
        #expect(machine.opened(refusal: nil, now: Self.opening) == ConnectionActions(timer: .seconds(10)))
        #expect(machine.isAdmitted && machine.deadline == .part(.head) && machine.isReading)
    }

    @Test("a connection over the limits is answered its refusal, its input dropped, and is not counted")
    func refusedOpening() {
        let machine = ConnectionStateMachine(limits: Self.limits, openedAt: Self.opening)
        let refusal = RequestRefusal(.connectionLimit, "Too many connections.")
        #expect(
            machine.opened(refusal: refusal, now: Self.opening)
                == ConnectionActions(answerRefusal: true, discardInput: true, timer: .seconds(30), writeNow: true))
        #expect(machine.refusal == refusal)
        #expect(!machine.isAdmitted && machine.phase == .closing && machine.deadline == .finishing)
        #expect(machine.inputArrived(unread: 10) == ConnectionActions(discardInput: true), "bytes after it are dropped")
    }

    @Test("a keep-alive answer leaves at the end of the turn, once per turn, and reading goes on")
    func keepAliveAnswer() {
        let machine = answering()
        #expect(machine.inputArrived(unread: 80) == .none, "a pipelined request waits for the answer before it")
        let first = machine.answerQueued(closes: false)
        #expect(
            first == ConnectionActions(reading: .readOn(arming: false), timer: .seconds(30), writeAtEndOfTurn: true))
        #expect(machine.phase == .reading && machine.deadline == .idle)
        _ = machine.startParsing()
        machine.requestParsed()
        let second = machine.answerQueued(closes: false)
        #expect(
            second == ConnectionActions(timer: .seconds(30)), "already queued for this turn; the parsing loop reads on")
        machine.stopParsing()
        #expect(machine.turnEnded() == ConnectionActions(writeNow: true))
        #expect(machine.written(everything: true) == .none)
    }

    @Test("past a head and a body's worth of pipelined input, the client waits; the answer lets it send again")
    func inputBackpressure() {
        let machine = answering()
        let limit = Self.limits.maxHeaderBytes + Self.limits.maxBodyBytes
        #expect(machine.inputArrived(unread: limit) == .none)
        #expect(machine.inputArrived(unread: limit + 1) == ConnectionActions(reading: .pause))
        #expect(machine.inputArrived(unread: limit + 2) == .none, "paused once")
        let answered = machine.answerQueued(closes: false)
        #expect(answered.reading == .readOn(arming: true))
    }

    @Test("past --max-unread-bytes of answers the socket has not taken, no request is parsed until they leave")
    func outputBackpressure() {
        let machine = admitted()
        _ = machine.startParsing()
        #expect(machine.nextRequest(unwritten: Self.limits.maxUnreadBytes + 1) == ConnectionActions(reading: .pause))
        machine.stopParsing()
        #expect(machine.written(everything: false) == ConnectionActions(writability: .wait(.seconds(30))))
        #expect(machine.written(everything: false) == .none, "already waiting")
        #expect(machine.becameWritable() == ConnectionActions(writeNow: true))
        #expect(machine.written(everything: false) == ConnectionActions(writability: .wait(.seconds(30))))
        #expect(
            machine.written(everything: true)
                == ConnectionActions(reading: .readOn(arming: true), writability: .stopWaiting),
            "an answer that left by another write stops the wait")
    }

    @Test("an answer that closes is written at once, then sending shuts and the client has the linger to read it")
    func closingAnswer() {
        let machine = answering()
        #expect(
            machine.answerQueued(closes: true)
                == ConnectionActions(discardInput: true, timer: .seconds(30), writeNow: true))
        #expect(machine.phase == .closing && machine.deadline == .finishing)
        #expect(machine.inputArrived(unread: 5) == ConnectionActions(discardInput: true))
        #expect(machine.written(everything: true) == ConnectionActions(timer: .seconds(2), shutDownSending: true))
        #expect(machine.timerFired(unwritten: 0) == ConnectionActions(close: true))
        let closed = machine.close()
        #expect(closed && machine.isClosed)
    }

    @Test("a client that leaves while its request is answered has the request cancelled; queued answers go first")
    func peerLeavesWhileAnswering() {
        let machine = answering()
        #expect(
            machine.peerEnded(unwritten: 120)
                == ConnectionActions(reading: .pause, writeNow: true, close: true))
    }

    @Test("a client that leaves between requests: closed at once, or after what is queued has been written")
    func peerLeavesBetweenRequests() {
        let idle = admitted()
        #expect(idle.peerEnded(unwritten: 0) == ConnectionActions(reading: .pause, close: true))

        let writing = answering()
        _ = writing.answerQueued(closes: false)
        #expect(
            writing.peerEnded(unwritten: 300)
                == ConnectionActions(reading: .pause, timer: .seconds(30), writeNow: true))
        #expect(writing.written(everything: true) == ConnectionActions(close: true), "no linger: nobody reads")
    }

    @Test("a head that trickles restarts only its stall timer; its own deadline still counts from its first byte")
    func tricklingHead() {
        let machine = admitted()
        let later = Self.opening + .seconds(4)
        #expect(machine.partUnfinished(.head, now: later) == ConnectionActions(timer: .seconds(6)))
        #expect(machine.bodyFollows(now: later) == ConnectionActions(timer: .seconds(10)), "a body has its own clock")
        #expect(machine.deadline == .part(.body))
        #expect(machine.partUnfinished(.body, now: later + .seconds(9)) == ConnectionActions(timer: .seconds(1)))
    }

    @Test("a head or body that misses its deadline is refused 408, naming the limit it missed")
    func partTimeouts() {
        let head = admitted()
        #expect(head.timerFired(unwritten: 0).answerRefusal)
        #expect(head.refusal?.reason == .timeout)
        #expect(head.refusal?.detail.contains("--header-timeout") == true)
        #expect(head.phase == .closing)

        let body = admitted()
        _ = body.bodyFollows(now: Self.opening)
        #expect(body.timerFired(unwritten: 0).answerRefusal)
        #expect(body.refusal?.detail.contains("--request-timeout") == true)

        var limits = Self.limits
        limits.idleTimeout = .seconds(1)
        let stalled = ConnectionStateMachine(limits: limits, openedAt: Self.opening)
        #expect(stalled.opened(refusal: nil, now: Self.opening) == ConnectionActions(timer: .seconds(1)))
        #expect(stalled.timerFired(unwritten: 0).answerRefusal)
        #expect(stalled.refusal?.detail.contains("--idle-timeout") == true)
    }

    @Test("the idle timer closes a quiet connection, but not one whose request is answered or whose answer leaves")
    func idleTimer() {
        let quiet = answering()
        _ = quiet.answerQueued(closes: false)
        #expect(quiet.timerFired(unwritten: 0) == ConnectionActions(close: true))

        let slowReader = answering()
        _ = slowReader.answerQueued(closes: false)
        #expect(slowReader.timerFired(unwritten: 10) == ConnectionActions(timer: .seconds(30)))

        let busy = answering()
        #expect(
            busy.timerFired(unwritten: 0) == ConnectionActions(timer: .seconds(30)), "the request has its own deadline")
    }

    @Test("a refusal is only ever made while reading: a request with the handler is answered by it")
    func refusalOnlyWhileReading() {
        let machine = answering()
        #expect(machine.refuse(RequestRefusal(.malformed, "Bad.")) == .none)
        #expect(machine.phase == .answering && machine.refusal == nil)
    }

    @Test("a streamed answer: head and chunks leave at the ends of turns, pipelined input waits, the end reads on")
    func stream() {
        let machine = answering()
        #expect(machine.chunkQueued() == .none, "no stream has started")
        #expect(machine.streamStarted() == ConnectionActions(timer: .seconds(30), writeAtEndOfTurn: true))
        #expect(machine.phase == .streaming)
        #expect(machine.chunkQueued() == .none, "the head's write this turn takes the chunk too")
        #expect(machine.turnEnded() == ConnectionActions(writeNow: true))
        #expect(machine.chunkQueued() == ConnectionActions(writeAtEndOfTurn: true))
        #expect(machine.inputArrived(unread: 30) == .none)
        #expect(machine.timerFired(unwritten: 0) == ConnectionActions(timer: .seconds(30)), "a quiet stream stays")
        _ = machine.turnEnded()
        #expect(
            machine.answerQueued(closes: false)
                == ConnectionActions(reading: .readOn(arming: false), timer: .seconds(30), writeAtEndOfTurn: true))
        #expect(machine.phase == .reading)
    }

    @Test("a client that leaves a stream ends it: the stream's work is cancelled with the connection")
    func peerLeavesStream() {
        let machine = answering()
        _ = machine.streamStarted()
        #expect(machine.peerEnded(unwritten: 0) == ConnectionActions(reading: .pause, writeNow: true, close: true))
    }

    @Test("a closed connection asks for nothing, whatever still happens to it")
    func closedIsInert() {
        let machine = answering()
        let closed = machine.close()
        let closedAgain = machine.close()
        #expect(closed && !closedAgain, "closed once")
        #expect(machine.answerQueued(closes: false) == .none)
        #expect(machine.turnEnded() == .none)
        #expect(machine.becameWritable() == .none)
        #expect(machine.written(everything: true) == .none)
        #expect(machine.peerEnded(unwritten: 10) == .none)
        #expect(machine.timerFired(unwritten: 0) == .none)
        #expect(machine.nextRequest(unwritten: 0) == .none)
    }
}
