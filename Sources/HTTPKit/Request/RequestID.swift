import Foundation
import Synchronization

/// Request ids: the client's own when it is safe to echo, otherwise a fresh random UUID.
///
/// api.md §1.2: a client id is kept when it is 1–64 characters of `[A-Za-z0-9._-]`; anything else
/// (empty, too long, other characters) is replaced, so a hostile header never reaches a log line or
/// a problem `instance` unfiltered.
public enum RequestID {
    /// The id to use for a request whose `X-Request-Id` header is `candidate`.
    public static func accepting(_ candidate: String?) -> String {
        if let candidate, isAcceptable(candidate) { return candidate }
        return random()
    }

    /// Whether `candidate` may be echoed back as a request id.
    public static func isAcceptable(_ candidate: String) -> Bool {
        SafeName.accepts(candidate)
    }

    /// A random-looking version 4 UUID in lowercase 8-4-4-4-12 form.
    ///
    /// Request ids need uniqueness, not secrecy, and one arrives with every request: instead of two
    /// `getrandom` system calls each, a process-wide counter is mixed with a key drawn once at start
    /// through SplitMix64's finalizer. Only the version and variant bits are fixed afterwards, so a
    /// repeat within a process is as unlikely as between random v4 UUIDs.
    public static func random() -> String {
        let count = sequence.add(1, ordering: .relaxed).newValue
        var bytes = (mix(count ^ keys.0), mix(count &+ keys.1))
        bytes.0 = (bytes.0 & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        bytes.1 = (bytes.1 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        // Most significant byte first, as a UUID's spelling reads.
        let uuid = withUnsafeBytes(of: (bytes.0.bigEndian, bytes.1.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        return uuid.lowercased
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
