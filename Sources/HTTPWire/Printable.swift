/// Bytes from a refused request, shown in a problem's `detail` without passing on what they hold:
/// visible ASCII as is, everything else as `\xHH`, at most 64 bytes.
enum Printable {
    static func quote(_ bytes: some Collection<UInt8>) -> String {
        var text = "\""
        for byte in bytes.prefix(64) {
            text +=
                (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                ? String(UnicodeScalar(byte)) : "\\x" + hexDigits(byte)
        }
        return text + (bytes.count > 64 ? "…\"" : "\"")
    }

    static func hex(_ byte: UInt8) -> String { "0x" + hexDigits(byte) }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
