/// The body of a streamed answer, as a reducer states it: the latest chunk to write, and whether
/// the stream has ended.
///
/// A value in the feature's state, so a `TestStore` asserts every chunk as it asserts any other
/// change: the reducer `send`s a chunk for each action that has something to say, and the HTTP
/// driver writes each one once, in order — it tells chunks apart by `count`, not by content, so two
/// equal heartbeats are both written.
public struct StreamedBody: Sendable, Equatable {
    /// The chunk sent last.
    public private(set) var chunk: [UInt8] = []
    /// How many chunks have been sent.
    public private(set) var count = 0
    /// Whether the feature has ended the stream: its last chunk is out and the request is over.
    public private(set) var isEnded = false

    /// A stream that has sent nothing yet.
    public init() {}

    /// Sends `bytes` as the next chunk; an ended stream sends nothing.
    public mutating func send(_ bytes: [UInt8]) {
        guard !isEnded else { return }
        chunk = bytes
        count += 1
    }

    /// Ends the stream after what it has sent.
    public mutating func end() {
        isEnded = true
    }
}
