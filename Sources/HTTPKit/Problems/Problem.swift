import Foundation
public import HTTPTypes

/// An RFC 9457 problem: the body of every error Counterpart sends.
///
/// api.md §1.1 fixes its shape: `type` is `urn:counterpart:problem:<slug>` (clients switch on it),
/// `title` is fixed per type, `detail` explains this occurrence without internals, `instance` is
/// `urn:uuid:` plus the request id (filled in when the response is finalized), and `errors` lists
/// the inputs at fault (`[]` when none). On the GitHub-compatible routes the same value is written
/// in GitHub's envelope instead (`ProblemFormat.github`, api.md §3.5).
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
    /// GitHub's `message` when it differs from the status's reason phrase (`Validation Failed`,
    /// `API rate limit exceeded for …`); only the GitHub envelope writes it.
    public var message: String?
    /// What failed, for the server's log only — never written into a body: set on an internal
    /// error, whose client sees only that it "has been logged under its request id", and on a
    /// 503 whose database could not serve the request, whose client sees only "retry".
    public var cause: String?

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

    /// The problem's body for the request `requestID`, written in `format`.
    public func body(requestID: String, format: ProblemFormat = .standard) -> [UInt8] {
        var writer = JSONWriter()
        switch format {
        case .standard:
            writer.object { object in
                object.member("type", type)
                object.member("title", title)
                object.member("status", status.code)
                object.member("detail", detail)
                object.member("instance", Self.instance(requestID: requestID))
                object.member("errors", errors)
            }
        case .github(let documentationURL):
            writer.object { object in
                object.member("message", message ?? status.reasonPhrase)
                if !errors.isEmpty {
                    object.member("errors") { writer in
                        writer.array(errors) { writer, error in error.writeGitHub(to: &writer) }
                    }
                }
                object.member("documentation_url", documentationURL)
                // GitHub's basic-error model declares `status` a string.
                object.member("status", String(status.code))
                object.member("instance", Self.instance(requestID: requestID))
            }
        }
        return writer.bytes
    }

    /// The `instance` URI for a request id: `urn:uuid:` for UUIDs, `urn:counterpart:request:` otherwise.
    static func instance(requestID: String) -> String {
        (UUID(strict: requestID) != nil ? "urn:uuid:" : "urn:counterpart:request:") + requestID
    }
}
