/// A compact JSON writer that appends UTF-8 straight into a byte buffer.
///
/// architecture.md §5: Foundation's `JSONEncoder` is too slow for the response path and does not keep
/// key order on Linux, so models write themselves through this type, members in the order api.md
/// lists. The writer emits no whitespace, escapes only `"`, `\` and U+0000–U+001F (so `/` and
/// non-ASCII text pass through unchanged), and inserts commas itself.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { object in
///     object.member("status", "ok")
/// }
/// // writer.bytes == Array(#"{"status":"ok"}"#.utf8)
/// ```
public struct JSONWriter: Sendable {
    /// Everything written so far.
    public var bytes: [UInt8]
    @usableFromInline var needsComma = false

    /// Creates a writer whose buffer has room for `capacity` bytes before it grows.
    @inlinable
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes an object; `body` adds its members.
    @inlinable
    public mutating func object(_ body: (inout ObjectWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        // Swap the buffer into the object writer and back: a copy-and-reassign left the optimiser a
        // second reference, and every nested object then copied the whole buffer (measured).
        var object = ObjectWriter(writer: JSONWriter(capacity: 0))
        swap(&object.writer, &self)
        body(&object)
        swap(&object.writer, &self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes an array of `elements`, each written by `element`.
    @inlinable
    public mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONWriter, S.Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in elements { element(&self, item) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a string, escaping what JSON requires.
    @inlinable
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// Writes an integer, its digits straight into the buffer.
    @inlinable
    public mutating func integer(_ value: some BinaryInteger) {
        separate()
        if let small = Int64(exactly: value) {
            appendDigits(small)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    /// Writes a finite number in its shortest round-tripping form (`50.915`, `3`); non-finite
    /// values, which JSON cannot hold, are written as `null`.
    @inlinable
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 {
            raw(String(Int64(value)))
        } else {
            raw(String(value))
        }
    }

    /// Writes a finite number always with a fraction (`8.0`, never `8`), for members clients decode
    /// as floating point: PyGithub rejects an integer `score` (api.md §3.4). Non-finite values are
    /// written as `null`.
    public mutating func fractionalNumber(_ value: Double) {
        guard value.isFinite else { return null() }
        // Swift's shortest round-tripping form keeps `.0` on integral values (`8.0`, `1e+16`).
        raw(String(value))
    }

    /// Writes `null`.
    @inlinable
    public mutating func null() {
        raw("null")
    }

    /// Writes a value that knows how to write itself.
    @inlinable
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// Writes pre-validated JSON text (a number, a literal) as it is.
    @usableFromInline
    mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    /// Writes a member name and its colon; the next value written is that member's value. Names
    /// are literals in code, so they are copied without an escaping scan.
    @usableFromInline
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends the decimal digits of `value`.
    @usableFromInline
    mutating func appendDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits.
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    @usableFromInline
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes one string made of `parts`, each escaped as needed, without building it first.
    @inlinable
    public mutating func string(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "") {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(first)
        appendEscaped(second)
        if !third.isEmpty { appendEscaped(third) }
        if !fourth.isEmpty { appendEscaped(fourth) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes one string made of `first` and `second` (escaped as needed) followed by what `tail`
    /// appends unescaped — a URL from a base, a path and an id — without building it first.
    @inlinable
    public mutating func string(_ first: String, _ second: String, then tail: (inout [UInt8]) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(first)
        appendEscaped(second)
        tail(&bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a string whose bytes `body` appends and which need no escaping (dates, UUIDs).
    @inlinable
    public mutating func quoted(_ body: (inout [UInt8]) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        body(&bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }
}
