extension JSONWriter {
    /// Starts a value written in fragments: the comma, when a value came before it.
    ///
    /// Fragments are for a shape written so often that its fixed text — member names and the
    /// punctuation between them — is worth writing in runs: a todo, 100 of them in a list, one in
    /// every answer and event about one. Written member by member, each of its seven names and its
    /// separators was a piece of its own (~1,900 instructions a todo); in runs, a todo is about half
    /// of that (BENCHMARKS.md). The writer checks nothing a fragment holds: the caller writes valid
    /// JSON, and `endValue()` ends it.
    @inlinable
    public mutating func beginValue() {
        reserve(1)
        separate()
    }

    /// Ends a value written in fragments: what follows is separated from it.
    @inlinable
    public mutating func endValue() {
        needsComma = true
    }

    /// Appends `text` as it is: JSON written in code, names and punctuation (`","order":`).
    @inlinable @inline(__always)
    public mutating func fragment(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        put(text)
    }

    /// Appends text escaped once before (`JSONText`), as it is.
    @inlinable
    public mutating func fragment(_ text: JSONText) {
        text.escaped.withUnsafeBufferPointer { fragment($0) }
    }

    /// Appends the at most `maxCount` bytes that `body` writes into the buffer it is given, returning
    /// how many; they must need no escaping inside a string (a date, a UUID).
    @inlinable
    public mutating func fragment(upTo maxCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(maxCount)
        appendWritten(upTo: maxCount, body)
    }

    /// Appends `text` escaped for the inside of a JSON string, without its quotes.
    @inlinable
    public mutating func escapedFragment(_ text: String) {
        appendEscaped(text)
    }

    /// Appends UTF-8 `utf8` escaped for the inside of a JSON string, without its quotes.
    @inlinable
    public mutating func escapedFragment(_ utf8: UnsafeBufferPointer<UInt8>) {
        appendEscaped(utf8)
    }

    /// Appends `bytes` as they are: text that needs no escaping inside a string (a stored id).
    @inlinable
    public mutating func fragment(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        put(bytes)
    }

    /// Appends the decimal digits of `value`.
    @inlinable
    public mutating func digitsFragment(_ value: Int) {
        reserve(20)
        appendDigits(Int64(value))
    }
}
