/// RFC 9110 §5.6.2's `token`, the grammar of header names, methods and preference names.
///
/// One byte table, so the per-header checks on the request path cost a lookup per byte.
public enum HTTPToken {
    /// Whether `text` is a token: one or more letters, digits and `!#$%&'*+-.^_`|~`.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { allowed[Int($0)] }
    }

    /// Whether `byte` may appear in a token.
    public static func isTokenByte(_ byte: UInt8) -> Bool { allowed[Int(byte)] }

    private static let allowed: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
        }
    }
}
