/// The names a client may choose that the server echoes into paths, headers, logs and SQL keys —
/// request ids (api.md §1.2) and sandbox names (§6.4): 1–64 characters of `[A-Za-z0-9._-]`, which
/// need no escaping anywhere.
public enum SafeName {
    /// The longest name.
    public static let maximumLength = 64

    /// Whether `candidate` is such a name. Inlinable, so each caller's string type is checked
    /// without generic dispatch per byte (a sandbox's name is checked on every request in it).
    @inlinable
    public static func accepts(_ candidate: some StringProtocol) -> Bool {
        let bytes = candidate.utf8
        guard (1...maximumLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
