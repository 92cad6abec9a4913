/// A value that writes itself as JSON, members in a documented order.
///
/// Models conform by hand so their bytes are stable and their key order is api.md's, which snapshot
/// tests compare byte for byte. `Foundation.JSONDecoder` must read the output back into an equal
/// value; each conformance's tests check that.
///
/// ```swift
/// extension Health: JSONWritable {
///     func write(to writer: inout JSONWriter) {
///         writer.object { $0.member("status", status) }
///     }
/// }
/// ```
public protocol JSONWritable {
    /// Appends this value's JSON to `writer`.
    func write(to writer: inout JSONWriter)
}

extension Array: JSONWritable where Element: JSONWritable {
    @inlinable
    public func write(to writer: inout JSONWriter) {
        writer.array(self) { writer, element in element.write(to: &writer) }
    }
}
