/// What a connection's I/O does after one step of its `ConnectionStateMachine`.
///
/// The machine decides; `HTTPConnection` carries the decision out on the socket, its buffers and its
/// events, always in the order the properties are declared: the refusal is queued before the input
/// it ends is discarded, the timer is armed before the write that may outlast it, and the
/// connection closes only after what could still be written has been tried.
struct ConnectionActions: Equatable {
    /// A change to whether the connection reads from its socket.
    enum Reading: Equatable {
        /// Stop reading: the client waits (backpressure), or has nothing more to say.
        case pause
        /// Read on: arm the read event if `arming`, and parse bytes already buffered in a later
        /// callback of the loop, so a pipelined request is handled after the answer before it.
        case readOn(arming: Bool)
    }

    /// A change to whether the connection waits for its socket to take more output.
    enum Writability: Equatable {
        /// The socket is full: wait until it is writable, for at most this long, then close.
        case wait(Duration)
        /// Everything queued has left: stop waiting.
        case stopWaiting
    }

    /// Queue the machine's `refusal` as the connection's last answer.
    var answerRefusal = false
    /// Drop every byte the client has sent and not been answered for.
    var discardInput = false
    /// Start or stop reading.
    var reading: Reading?
    /// Arm the connection's one timer to fire after this long (replacing what it was armed for).
    var timer: Duration?
    /// Start or stop waiting for writability.
    var writability: Writability?
    /// Write the output when the loop's turn ends, together with the turn's other answers.
    var writeAtEndOfTurn = false
    /// Shut the sending side: the last answer is out.
    var shutDownSending = false
    /// Write the output now, as far as the socket takes it.
    var writeNow = false
    /// Close the connection; a request still with the handler is cancelled.
    var close = false
    /// Parse the requests waiting in the input.
    var parse = false

    /// Nothing to do.
    static let none = Self()
}
