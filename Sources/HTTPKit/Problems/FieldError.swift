/// One input at fault inside a problem's `errors` array.
///
/// `field` is a body path (`ids[3]`) or a query parameter name; `code` is a machine-readable reason
/// (`missing`, `type`, `invalid`, `too_long`, …); `detail` says it in words. GitHub's envelope
/// (api.md §3.5) writes `{resource, field, code}` instead, plus `message` where GitHub sends one.
public struct FieldError: Sendable, Equatable, JSONWritable {
    /// The body path or query name at fault.
    public var field: String
    /// The machine-readable reason.
    public var code: String
    /// The reason in words, naming the value involved.
    public var detail: String
    /// GitHub's `resource` (`Search`), for the GitHub envelope.
    public var resource: String?
    /// GitHub's per-error `message`, for the GitHub envelope; GitHub sends one for an `invalid`
    /// term and none for a `missing` one.
    public var message: String?

    /// Creates a field error.
    public init(field: String, code: String, detail: String, resource: String? = nil, message: String? = nil) {
        self.field = field
        self.code = code
        self.detail = detail
        self.resource = resource
        self.message = message
    }

    /// Writes the RFC 9457 form, `{field, code, detail}`.
    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("field", field)
            object.member("code", code)
            object.member("detail", detail)
        }
    }

    /// Writes GitHub's form, `{resource, field, code}` and `message` when GitHub sends one.
    func writeGitHub(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("resource", resource ?? "")
            object.member("field", field)
            object.member("code", code)
            if let message { object.member("message", message) }
        }
    }
}
