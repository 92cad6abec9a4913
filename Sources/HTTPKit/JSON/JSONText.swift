/// Text escaped for the inside of a JSON string once, for text written many times: the API URL
/// that begins 37 members of every search result is scanned once, not 37 times.
public struct JSONText: Sendable {
    @usableFromInline let escaped: [UInt8]

    /// Escapes `text`.
    public init(_ text: String) {
        var writer = JSONWriter(capacity: text.utf8.count)
        writer.appendEscaped(text)
        escaped = writer.bytes
    }
}

extension JSONWriter {
    /// Writes one string: `prefix`, then the literal `suffix`, which must need no escaping (a URL
    /// path or template, `/keys{/key_id}`).
    @inlinable
    public mutating func string(_ prefix: JSONText, _ suffix: StaticString = "") {
        assert(
            !Self.needsEscaping(UnsafeRawBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)),
            "\(suffix) needs escaping; write it with string(_:_:_:_:)")
        prefix.escaped.withUnsafeBufferPointer { escaped in
            reserve(escaped.count + suffix.utf8CodeUnitCount + 3)
            separate()
            put(UInt8(ascii: "\""))
            put(escaped)
            put(suffix)
            put(UInt8(ascii: "\""))
        }
        needsComma = true
    }

    /// Writes one string: `prefix`, then the at most `tailCount` bytes that `tail` writes into the
    /// buffer it is given, returning how many; they must need no escaping (an id after a URL).
    @inlinable
    public mutating func string(
        _ prefix: JSONText, then tailCount: Int, _ tail: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        prefix.escaped.withUnsafeBufferPointer { escaped in
            reserve(escaped.count + tailCount + 3)
            separate()
            put(UInt8(ascii: "\""))
            put(escaped)
            appendWritten(upTo: tailCount, tail)
            put(UInt8(ascii: "\""))
        }
        needsComma = true
    }
}
