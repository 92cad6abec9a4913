/// Output a loop writes at the end of its turn, together with the other answers of that turn.
///
/// A connection queues an answer and registers with `EventLoop.writeAtEndOfTurn(_:)` instead of
/// writing it inside the callback that produced it; a turn's answers then leave back to back.
protocol EndOfTurnWriter: AnyObject {
    /// Writes what was queued during the turn; a writer closed since does nothing.
    func writeQueued()
}
