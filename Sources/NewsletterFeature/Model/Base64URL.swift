/// RFC 4648 §5 base64url without padding: the alphabet of tokens that travel in URLs.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The base64url text of `bytes`, unpadded.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var group: UInt32 = 0
            for byte in chunk { group = group << 8 | UInt32(byte) }
            group <<= 8 * UInt32(3 - chunk.count)
            for position in 0...chunk.count {
                output.append(alphabet[Int(group >> (18 - 6 * UInt32(position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is one of the 64 characters.
    static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}

extension Base64URL {
    /// Standard base64 with padding (RFC 4648 §4), as CSP hash sources are written.
    static func standard(_ bytes: [UInt8]) -> String {
        let url = encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }
        return String(url) + String(repeating: "=", count: (4 - url.count % 4) % 4)
    }
}
