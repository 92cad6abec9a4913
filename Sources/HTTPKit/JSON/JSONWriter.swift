/// A compact JSON writer that writes UTF-8 straight into a buffer it owns.
///
/// architecture.md §5: Foundation's `JSONEncoder` is too slow for the response path and does not keep
/// key order on Linux, so models write themselves through this type, members in the order api.md
/// lists. The writer emits no whitespace, escapes only `"`, `\` and U+0000–U+001F (so `/` and
/// non-ASCII text pass through unchanged), and inserts commas itself.
///
/// It writes into one buffer — its own, or the storage of the array `render` returns until the
/// body outgrows it — so it cannot be copied (a copy would share it): each piece — a member's
/// name, a date, a UUID — makes room once and is then written byte by byte without the uniqueness
/// and capacity checks of an `Array` append, which were a third of the time of rendering 100 todos
/// (measured: BENCHMARKS.md). Writing past the room made stops the process rather than corrupting memory;
/// a closure handed a buffer to fill (`quoted(upTo:_:)`, a string's tail) must stay inside it.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { object in
///     object.member("status", "ok")
/// }
/// // writer.bytes == Array(#"{"status":"ok"}"#.utf8)
/// ```
public struct JSONWriter: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>?
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var needsComma = false
    /// Whether the writer allocated `start` and frees it; not while it writes into the storage of
    /// the array `render` returns.
    @usableFromInline var ownsBuffer = true

    /// Creates a writer whose buffer has room for `capacity` bytes before it grows.
    @inlinable
    public init(capacity: Int = 256) {
        self.capacity = max(0, capacity)
        start = capacity > 0 ? .allocate(capacity: capacity) : nil
    }

    /// Creates a writer that fills `storage` until it needs more room, then moves to a buffer of
    /// its own.
    private init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
        start = storage.baseAddress
        capacity = storage.count
        ownsBuffer = false
    }

    deinit { if ownsBuffer { start?.deallocate() } }

    /// Everything written so far, copied out.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// The bytes `body` writes, written straight into the storage of the array returned, which has
    /// room for `capacity`: a large body is not copied out of the writer, as `bytes` copies it (a
    /// list of 100 todos is 25 KB, and that copy was 3.6 % of its instructions). Should `body`
    /// write more, the writer moves to a buffer of its own and the result is copied from it once.
    public static func render(capacity: Int, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var outgrown: [UInt8]?
        let rendered = [UInt8](unsafeUninitializedCapacity: Swift.max(1, capacity)) { storage, initializedCount in
            var writer = JSONWriter(lending: storage)
            body(&writer)
            if writer.ownsBuffer {
                outgrown = writer.bytes
            } else {
                initializedCount = writer.count
            }
        }
        return outgrown ?? rendered
    }

    /// The bytes `body` writes, as a response body: from `ResponseBody.sharedFromCount` bytes on, in
    /// storage the transport references rather than copies (`SharedBytes`), where they were written
    /// — an uncached list of 100 todos is 25 KB, which libevent copied (4 % of its instructions);
    /// a smaller body is an array, as `render` writes it. `capacity` is the room made first, as for
    /// `render`; what a shared body leaves of it stays allocated with it.
    public static func renderBody(capacity: Int, _ body: (inout JSONWriter) -> Void) -> ResponseBody {
        guard capacity < ResponseBody.sharedFromCount else {
            var writer = JSONWriter(capacity: capacity)
            body(&writer)
            return writer.takeBody()
        }
        var outgrown: ResponseBody?
        let rendered = [UInt8](unsafeUninitializedCapacity: Swift.max(1, capacity)) { storage, initializedCount in
            var writer = JSONWriter(lending: storage)
            body(&writer)
            if writer.ownsBuffer {
                outgrown = writer.takeBody()
            } else {
                initializedCount = writer.count
            }
        }
        return outgrown ?? ResponseBody(rendered)
    }

    /// Everything written, as a body: a large one takes over the buffer the writer owns, which the
    /// shared bytes then free; any other is copied out.
    private mutating func takeBody() -> ResponseBody {
        guard ownsBuffer, count >= ResponseBody.sharedFromCount, let start else { return ResponseBody(bytes) }
        ownsBuffer = false
        return ResponseBody(shared: SharedBytes(adopting: UnsafeMutableRawPointer(start), count: count))
    }

    /// Calls `body` with everything written so far, in place.
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Writes an object; `body` adds its members.
    @inlinable
    public mutating func object(_ body: (inout ObjectWriter) -> Void) {
        reserve(2)
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
        // The writer cannot be copied: it moves into the object writer and back.
        var object = ObjectWriter(writer: JSONWriter(capacity: 0))
        swap(&object.writer, &self)
        body(&object)
        swap(&object.writer, &self)
        reserve(1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes an array of `elements`, each written by `element`.
    @inlinable
    public mutating func array<S: Sequence>(_ elements: S, _ element: (inout JSONWriter, S.Element) -> Void) {
        reserve(2)
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
        for item in elements { element(&self, item) }
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a string, escaping what JSON requires.
    @inlinable
    public mutating func string(_ value: String) {
        string(value, "")
    }

    /// Writes an integer, its digits straight into the buffer.
    @inlinable
    public mutating func integer(_ value: some BinaryInteger) {
        guard let small = Int64(exactly: value) else { return raw(String(value)) }
        // A comma, a sign and 19 digits hold any Int64.
        reserve(21)
        separate()
        appendDigits(small)
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func bool(_ value: Bool) {
        reserve(6)
        separate()
        put(value ? "true" : "false")
        needsComma = true
    }

    /// Writes a finite number in its shortest round-tripping form (`50.915`, `3`); non-finite
    /// values, which JSON cannot hold, are written as `null`.
    @inlinable
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
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
        reserve(5)
        separate()
        put("null")
        needsComma = true
    }

    /// Writes a value that knows how to write itself.
    @inlinable
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// Writes one string made of `parts`, each escaped as needed, without building it first.
    @inlinable
    public mutating func string(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "") {
        string(first, second, third, fourth, then: 0) { _ in 0 }
    }

    /// Writes one string made of the parts (escaped as needed) followed by the at most `tailCount`
    /// bytes that `tail` writes into the buffer it is given, returning how many (unescaped: a URL
    /// from a base, a path and an id) — without building the string first.
    @inlinable
    public mutating func string(
        _ first: String, _ second: String, _ third: String = "", _ fourth: String = "",
        then tailCount: Int, _ tail: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        reserve(2)
        separate()
        put(UInt8(ascii: "\""))
        appendEscaped(first)
        appendEscaped(second)
        if !third.isEmpty { appendEscaped(third) }
        if !fourth.isEmpty { appendEscaped(fourth) }
        reserve(tailCount + 1)
        appendWritten(upTo: tailCount, tail)
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a string of the at most `maxCount` bytes that `body` writes into the buffer it is
    /// given, returning how many; they must need no escaping (dates, UUIDs, base64).
    @inlinable
    public mutating func quoted(upTo maxCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(maxCount + 3)
        separate()
        put(UInt8(ascii: "\""))
        appendWritten(upTo: maxCount, body)
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a member name and its colon; the next value written is that member's value. Names
    /// are literals in code, so they are copied without an escaping scan.
    ///
    /// The room for all of `,"name":` is made once and filled at offsets from one position, not
    /// piece by piece: each piece's own check and count update made a name cost ~100 instructions,
    /// and a list of 100 todos writes 700 of them (BENCHMARKS.md).
    @inlinable
    mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        reserve(length &+ 4)
        let comma = needsComma ? 1 : 0
        let next = start.unsafelyUnwrapped + count
        next[0] = UInt8(ascii: ",")  // The quote takes its place when no comma comes first.
        let quote = next + comma
        quote[0] = UInt8(ascii: "\"")
        if (1...16).contains(length) {
            Self.copySmall(UnsafeRawPointer(name.utf8Start), to: UnsafeMutableRawPointer(quote + 1), count: length)
        } else {
            (quote + 1).initialize(from: name.utf8Start, count: length)
        }
        quote[length &+ 1] = UInt8(ascii: "\"")
        quote[length &+ 2] = UInt8(ascii: ":")
        count &+= comma &+ length &+ 3
        needsComma = false
    }

    /// Writes a member name known only at run time (a domain's, in `GET /`'s links), escaped as any
    /// string is, and its colon.
    @usableFromInline
    mutating func key(escaping name: String) {
        string(name)
        reserve(1)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes pre-validated JSON text (a number, a literal) as it is.
    @usableFromInline
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            reserve(utf8.count + 1)
            separate()
            put(utf8)
        }
        needsComma = true
    }
}
