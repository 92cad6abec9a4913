import HTTPKit

/// The extensions after a chunk size, `*( ";" name [ "=" ( token / quoted-string ) ] )` (RFC 9112
/// §7.1.1), checked one byte at a time and dropped: this server gives no extension a meaning.
///
/// Without the grammar's optional whitespace (`BWS`): strict llhttp refuses `5 ;a` and `5; a`, and
/// a reader more lenient than the proxy in front is one that can be made to disagree with it about
/// where a chunk starts. Empty names and values are refused for the same reason (`5;`, `5;a=`).
struct ChunkExtensions: Equatable {
    private enum State: Equatable {
        /// After `;`: a name must start.
        case nameStart
        case name
        /// After `=`: a token or a quoted string must start.
        case valueStart
        case tokenValue
        case quoted
        /// After a backslash inside a quoted string.
        case quotedPair
        /// After a quoted string's closing quote.
        case afterQuoted
    }

    private var state = State.nameStart

    /// Takes the byte after the chunk size's `;` and every byte after it; `true` at the CR that
    /// ends the line.
    mutating func read(_ byte: UInt8) throws(RequestRefusal) -> Bool {
        switch state {
        case .nameStart:
            guard HTTPToken.isTokenByte(byte) else { throw Self.refusal("must start with a name", byte) }
            state = .name
        case .name, .tokenValue:
            if HTTPToken.isTokenByte(byte) { return false }
            if state == .name, byte == UInt8(ascii: "=") {
                state = .valueStart
                return false
            }
            return try endOfExtension(byte)
        case .valueStart:
            if byte == UInt8(ascii: "\"") {
                state = .quoted
            } else if HTTPToken.isTokenByte(byte) {
                state = .tokenValue
            } else {
                throw Self.refusal("needs a token or a quoted string after \"=\"", byte)
            }
        case .quoted:
            switch byte {
            case UInt8(ascii: "\""): state = .afterQuoted
            case UInt8(ascii: "\\"): state = .quotedPair
            default: guard Self.isQuotedText(byte) else { throw Self.refusal("holds a control byte", byte) }
            }
        case .quotedPair:
            guard Self.isQuotedText(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                throw Self.refusal("escapes a control byte", byte)
            }
            state = .quoted
        case .afterQuoted:
            return try endOfExtension(byte)
        }
        return false
    }

    private mutating func endOfExtension(_ byte: UInt8) throws(RequestRefusal) -> Bool {
        switch byte {
        case UInt8(ascii: ";"):
            state = .nameStart
            return false
        case UInt8(ascii: "\r"):
            return true
        default:
            throw Self.refusal("is a name, \"=\" and a value, without spaces", byte)
        }
    }

    /// `qdtext` without its quote and backslash: tab, space, visible ASCII and obs-text.
    private static func isQuotedText(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\"))
    }

    private static func refusal(_ rule: String, _ byte: UInt8) -> RequestRefusal {
        RequestRefusal(
            .malformed,
            "A chunk extension \(rule) (RFC 9112 §7.1.1); got \(Printable.quote([byte])).")
    }
}
