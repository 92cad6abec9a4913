/// Writes the members of one JSON object, in the order they are added.
///
/// Handed out by `JSONWriter.object(_:)`; a member's value is written by the same writer, so nested
/// objects and arrays need no intermediate buffers.
public struct ObjectWriter: ~Copyable {
    @usableFromInline var writer: JSONWriter

    @usableFromInline
    init(writer: consuming JSONWriter) {
        self.writer = writer
    }

    /// Adds a string member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: String) {
        writer.key(name)
        writer.string(value)
    }

    /// Adds a string member, or `null` when `value` is `nil`.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: String?) {
        writer.key(name)
        if let value { writer.string(value) } else { writer.null() }
    }

    /// Adds an integer member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: Int) {
        writer.key(name)
        writer.integer(value)
    }

    /// Adds a boolean member.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: Bool) {
        writer.key(name)
        writer.bool(value)
    }

    /// Adds a member whose value writes itself.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: some JSONWritable) {
        writer.key(name)
        value.write(to: &writer)
    }

    /// Adds a member whose value writes itself, or `null` when there is none (api.md §1: every
    /// listed member is always present).
    @inlinable
    public mutating func member(_ name: StaticString, _ value: (some JSONWritable)?) {
        writer.key(name)
        if let value { value.write(to: &writer) } else { writer.null() }
    }

    /// Adds a member whose value is written by `body` (an array, a nested object).
    @inlinable
    public mutating func member(_ name: StaticString, writing body: (inout JSONWriter) -> Void) {
        writer.key(name)
        body(&writer)
    }

    /// Adds a member whose name is known only at run time, its value written by `body`.
    @inlinable
    public mutating func member(named name: String, writing body: (inout JSONWriter) -> Void) {
        writer.key(escaping: name)
        body(&writer)
    }
}
