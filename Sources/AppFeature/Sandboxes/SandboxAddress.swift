import HTTPKit
import HTTPTypes

/// Where a request says it runs (api.md §6.4): the sandbox its `/sandboxes/{name}` prefix or its
/// `Counterpart-Sandbox` header names, and its path inside that sandbox.
///
/// `/sandboxes/{name}` itself, with nothing after it, is the sandbox as a resource (`DELETE`), not a
/// prefix: its path stays as it is.
struct SandboxAddress: Equatable {
    /// The sandbox named, or `nil` when the request names none (the default sandbox, unprefixed).
    private(set) var name: SandboxName?
    /// Whether the name came in the path: a prefixed path cannot reach the shared service routes.
    private(set) var isPrefixed: Bool
    /// The path inside the sandbox (`/todos` for `/sandboxes/a/todos`).
    private(set) var path: String
    /// The path every absolute URL inside the sandbox starts with after the base: empty for a
    /// request that names no sandbox, so the default sandbox answers as it always has.
    private(set) var urlPrefix = ""

    static let prefix = "/sandboxes/"

    /// The address `path` and `header` give; throws a 400 for an invalid name, or for a path and a
    /// header that name different sandboxes.
    init(path: String, header: String?) throws(RouteError) {
        let fromHeader = try header.map { text throws(RouteError) in
            try SandboxName(text, source: HTTPField.Name.counterpartSandbox.rawName)
        }
        self.path = path
        isPrefixed = false
        name = fromHeader
        urlPrefix = fromHeader.map { Self.prefix + $0.rawValue } ?? ""
        guard let (segment, inner) = Self.split(path) else { return }
        let named = try SandboxName(segment, source: "path")
        if let fromHeader, fromHeader != named {
            throw RouteError(
                .malformedRequest(
                    "The path names sandbox \(named) and the Counterpart-Sandbox header \(fromHeader); name one, or the same in both.",
                    errors: [
                        FieldError(
                            field: HTTPField.Name.counterpartSandbox.rawName, code: "invalid",
                            detail: "It must name the sandbox the path names, \(named).")
                    ]
                )
            )
        }
        name = named
        urlPrefix = Self.prefix + named.rawValue
        isPrefixed = true
        self.path = inner
    }

    /// `path` without a `/sandboxes/{segment}` prefix, whatever the segment holds: the route a
    /// request was meant for, even when its sandbox name is invalid.
    static func pathAfterAnyPrefix(_ path: String) -> String {
        split(path)?.inner ?? path
    }

    /// The segment after `/sandboxes/` and the path after it, when `path` has that prefix and more.
    private static func split(_ path: String) -> (segment: Substring, inner: String)? {
        var contiguous = path
        // By byte offsets into the path's UTF-8: this runs on every request.
        let slash: Int? = contiguous.withUTF8 { utf8 in
            guard utf8.starts(with: prefix.utf8) else { return nil }
            return utf8[prefix.utf8.count...].firstIndex(of: UInt8(ascii: "/"))
        }
        guard let slash else { return nil }
        let segmentStart = path.utf8.index(path.startIndex, offsetBy: prefix.utf8.count)
        let segmentEnd = path.utf8.index(path.startIndex, offsetBy: slash)
        return (path[segmentStart..<segmentEnd], String(path[segmentEnd...]))
    }
}
