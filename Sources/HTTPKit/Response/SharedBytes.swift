/// Bytes that never change, freed when the last holder lets go: a response body many connections
/// write at once, which the transport hands to libevent by reference (`evbuffer_add_reference`).
///
/// The ownership rule that makes that safe: the bytes are written once, in `init`, and never
/// again; every holder — the response cache, a response in flight, each connection's output
/// buffer until the socket has taken the bytes — keeps its own strong reference. So the cache may
/// replace or evict an entry while slow readers are still being sent its body: the body lives until
/// the last of them has it.
public final class SharedBytes: Sendable {
    // Immutable after `init`, so reading it from any thread is safe; `nonisolated(unsafe)` only
    // because a raw pointer is not `Sendable`.
    @usableFromInline nonisolated(unsafe) let base: UnsafeMutableRawPointer
    /// How many bytes it holds.
    public let count: Int

    /// A copy of `bytes`.
    public init(copying bytes: [UInt8]) {
        count = bytes.count
        base = .allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { base.copyMemory(from: address, byteCount: source.count) }
        }
    }

    /// Takes over `base`, `count` bytes written and never changed again, which it frees: a body
    /// written where it is then shared (`JSONWriter.renderBody`) is not copied.
    init(adopting base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes.
    @inlinable
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
