/// One input at fault inside a problem's `errors` array.
///
/// `field` is a body path (`ids[3]`) or a query parameter name; `code` is a machine-readable reason
/// (`missing`, `type`, `invalid`, `too_long`, …); `detail` says it in words.
public struct FieldError: Sendable, Equatable, JSONWritable {
    /// The body path or query name at fault.
    public var field: String
    /// The machine-readable reason.
    public var code: String
    /// The reason in words, naming the value involved.
    public var detail: String
    /// GitHub's `resource` (`Search`) on the GitHub-compatible routes; it also adds `message`.
    public var resource: String?

    /// Creates a field error.
    public init(field: String, code: String, detail: String, resource: String? = nil) {
        self.field = field
        self.code = code
        self.detail = detail
        self.resource = resource
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            if let resource { object.member("resource", resource) }
            object.member("field", field)
            object.member("code", code)
            if resource != nil { object.member("message", detail) }
            object.member("detail", detail)
        }
    }
}
