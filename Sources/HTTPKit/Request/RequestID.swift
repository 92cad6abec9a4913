import Foundation
import Synchronization

/// A request's id: the client's own when it is safe to echo, otherwise a fresh random UUID.
///
/// api.md §1.2: a client id is kept when it is 1–64 characters of `[A-Za-z0-9._-]`; anything else
/// (empty, too long, other characters) is replaced, so a hostile header never reaches a log line or
/// a problem `instance` unfiltered.
///
/// A made id is kept as its UUID, not its spelling: every answer carries the id in `X-Request-Id`,
/// written straight into the head (`write(into:)`), while only logs and problems need it as text —
/// making that string for every request was ~600 instructions, an allocation among them.
public struct RequestID: Sendable, Equatable, CustomStringConvertible {
    private enum Spelling: Sendable {
        case client(String)
        case made(UUID)
    }

    private let spelling: Spelling

    /// The id to use for a request whose `X-Request-Id` header is `candidate`.
    public static func accepting(_ candidate: String?) -> RequestID {
        if let candidate, isAcceptable(candidate) { return RequestID(spelling: .client(candidate)) }
        return random()
    }

    /// Whether `candidate` may be echoed back as a request id.
    public static func isAcceptable(_ candidate: String) -> Bool {
        SafeName.accepts(candidate)
    }

    /// A random-looking version 4 UUID, spelt in lowercase 8-4-4-4-12 form.
    ///
    /// Request ids need uniqueness, not secrecy, and one arrives with every request: instead of two
    /// `getrandom` system calls each, a process-wide counter is mixed with a key drawn once at start
    /// through SplitMix64's finalizer. Only the version and variant bits are fixed afterwards, so a
    /// repeat within a process is as unlikely as between random v4 UUIDs.
    public static func random() -> RequestID {
        let count = sequence.add(1, ordering: .relaxed).newValue
        var bytes = (mix(count ^ keys.0), mix(count &+ keys.1))
        bytes.0 = (bytes.0 & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        bytes.1 = (bytes.1 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        // Most significant byte first, as a UUID's spelling reads.
        let uuid = withUnsafeBytes(of: (bytes.0.bigEndian, bytes.1.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        return RequestID(spelling: .made(uuid))
    }

    /// The id as it is written: the client's text, or the UUID in lowercase.
    public var description: String {
        switch spelling {
        case .client(let text): text
        case .made(let uuid): uuid.lowercased
        }
    }

    /// How many bytes `write(into:)` writes.
    public var byteCount: Int {
        switch spelling {
        case .client(let text): text.utf8.count
        case .made: 36
        }
    }

    /// Writes the id's text at the start of `buffer`, which holds at least `byteCount` bytes;
    /// returns `byteCount`.
    public func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        switch spelling {
        case .client(let text): text.writeUTF8(into: buffer)
        case .made(let uuid): uuid.writeLowercased(into: buffer)
        }
    }

    /// Ids are equal when they are spelt alike, whichever way each was made.
    public static func == (lhs: RequestID, rhs: RequestID) -> Bool {
        lhs.description == rhs.description
    }

    private static let sequence = Atomic<UInt64>(0)
    private static let keys: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    /// SplitMix64's finalizer: a bijection on 64-bit values that spreads every input bit.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
