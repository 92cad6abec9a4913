import Foundation
public import HTTPTypes

/// An RFC 9457 problem: the body of every error Counterpart sends.
///
/// api.md §1.1 fixes its shape: `type` is `urn:counterpart:problem:<slug>` (clients switch on it),
/// `title` is fixed per type, `detail` explains this occurrence without internals, `instance` is
/// `urn:uuid:` plus the request id (filled in when the response is finalized), and `errors` lists
/// the inputs at fault (`[]` when none).
public struct Problem: Sendable, Equatable {
    /// The HTTP status this problem is sent with.
    public var status: HTTPResponse.Status
    /// The slug after `urn:counterpart:problem:`.
    public var slug: String
    /// The fixed, human-readable summary of the type.
    public var title: String
    /// What went wrong this time, for a person to read.
    public var detail: String
    /// The inputs at fault.
    public var errors: [FieldError]
    /// Extra headers the status needs (`Allow`, `Retry-After`, `Accept-Post`).
    public var headers: HTTPFields
    /// GitHub's `message` member, for the GitHub-compatible routes (api.md §3.5).
    public var message: String?
    /// GitHub's `documentation_url` member, likewise.
    public var documentationURL: String?

    /// Creates a problem.
    public init(
        status: HTTPResponse.Status,
        slug: String,
        title: String,
        detail: String,
        errors: [FieldError] = [],
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.errors = errors
        self.headers = headers
    }

    /// The full `type` URI.
    public var type: String { "urn:counterpart:problem:" + slug }

    /// The problem's JSON body for the request `requestID`.
    public func body(requestID: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { object in
            object.member("type", type)
            object.member("title", title)
            object.member("status", status.code)
            object.member("detail", detail)
            object.member("instance", Self.instance(requestID: requestID))
            if let message { object.member("message", message) }
            object.member("errors", errors)
            if let documentationURL { object.member("documentation_url", documentationURL) }
        }
        return writer.bytes
    }

    /// The `instance` URI for a request id: `urn:uuid:` for UUIDs, `urn:counterpart:request:` otherwise.
    static func instance(requestID: String) -> String {
        (UUID(strict: requestID) != nil ? "urn:uuid:" : "urn:counterpart:request:") + requestID
    }
}
