/// The syntax of a `Host` field's value and an absolute target's authority, `uri-host [ ":" port ]`
/// (RFC 9112 §3.2, RFC 3986 §3.2.2): a server MUST refuse a request whose `Host` is invalid.
///
/// `uri-host` is a bracketed IP literal or a reg-name — letters, digits, `-._~`, sub-delims and
/// percent-escapes, which covers IPv4 addresses too — and the port is digits. An empty value is
/// valid: RFC 9112 has a client send it when the target has no authority.
enum HostSyntax {
    static func isValid(_ value: some Collection<UInt8>) -> Bool {
        guard value.first == UInt8(ascii: "[") else {
            let colon = value.firstIndex(of: UInt8(ascii: ":"))
            return isRegName(value[..<(colon ?? value.endIndex)])
                && isPort(colon.map { value[value.index(after: $0)...] })
        }
        guard let close = value.firstIndex(of: UInt8(ascii: "]")) else { return false }
        let literal = value[value.index(after: value.startIndex)..<close]
        let afterLiteral = value[value.index(after: close)...]
        guard !literal.isEmpty,
            literal.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") })
        else { return false }
        guard let first = afterLiteral.first else { return true }
        return first == UInt8(ascii: ":") && isPort(afterLiteral.dropFirst())
    }

    private static func isRegName(_ name: some Collection<UInt8>) -> Bool {
        var index = name.startIndex
        while index < name.endIndex {
            let byte = name[index]
            if byte == UInt8(ascii: "%") {
                let digits = name[name.index(after: index)...].prefix(2)
                guard digits.count == 2, digits.allSatisfy(isHexDigit) else { return false }
                index = name.index(index, offsetBy: 3)
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index = name.index(after: index)
        }
        return true
    }

    private static func isPort(_ port: (some Collection<UInt8>)?) -> Bool {
        port?.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? true
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default: false
        }
    }
}
