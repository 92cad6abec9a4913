/// An event's place in its store's history, written `<epoch>-<sequence>` (`1764432000123-17`).
///
/// The sequence orders a store's events; the epoch — the moment the history began, in
/// milliseconds, and never the same twice in one process — tells histories apart, so an id from
/// before a restart or a sandbox made afresh is never mistaken for one of today's.
public struct TodoEventID: Sendable, Hashable, CustomStringConvertible {
    /// When the history began.
    public var epoch: Int64
    /// The event's number in it, from 1; 0 stands before the first event.
    public var sequence: Int64

    /// The id `sequence` in the history begun at `epoch`.
    public init(epoch: Int64, sequence: Int64) {
        self.epoch = epoch
        self.sequence = sequence
    }

    /// Reads `text` as `Last-Event-ID` carries it; `nil` when it is not an id this server wrote.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
            let epoch = Int64(parts[0]), let sequence = Int64(parts[1])
        else { return nil }
        self.init(epoch: epoch, sequence: sequence)
    }

    public var description: String { "\(epoch)-\(sequence)" }
}
