/// RFC 9110 §5.6.2's `token`, the grammar of header names, methods and preference names.
///
/// Its bytes are bits of two words, so the per-header checks on the request path cost a shift a byte.
public enum HTTPToken {
    /// Whether `text` is a token: one or more letters, digits and `!#$%&'*+-.^_`|~`.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `byte` may appear in a token: one bit of two words, inlined where a head is read
    /// byte by byte (a table behind a lazily made global cost a call and ~24 instructions a byte).
    @inlinable
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: (0x03FF_6CFA_0000_0000 as UInt64) >> byte & 1 == 1
        case 64..<128: (0x57FF_FFFF_C7FF_FFFE as UInt64) >> (byte - 64) & 1 == 1
        default: false
        }
    }
}
