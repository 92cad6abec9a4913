import HTTPKit
import HTTPTypes

/// Which sandbox a request says it runs in (api.md §6.4): the one its `/sandboxes/{name}/` prefix
/// names — split off its path as it was read (`ServerRequest.sandboxSegment`) — or its
/// `Counterpart-Sandbox` header does.
struct SandboxAddress {
    /// The sandbox named, or `nil` when the request names none (the default sandbox, unprefixed).
    let name: SandboxName?
    /// Whether the name came in the path: a prefixed path cannot reach the shared service routes.
    let isPrefixed: Bool

    /// The path every absolute URL inside the sandbox starts with after the base: empty for a
    /// request that names no sandbox, so the default sandbox answers as it always has. Made on
    /// demand: a request that reaches its sandbox takes the sandbox's own (`Sandbox.urlPrefix`).
    var urlPrefix: String { name.map { SandboxPrefix.naming($0.rawValue) } ?? "" }

    /// The address of `request`; throws a 400 for an invalid name, or for a prefix and a header that
    /// name different sandboxes. `ignoringHeader`: the header is not read (a shared route's).
    init(of request: ServerRequest, ignoringHeader: Bool = false) throws(RouteError) {
        let header = ignoringHeader ? nil : request.headers.combinedValue(.counterpartSandbox)
        let fromHeader = try header.map { text throws(RouteError) in
            try SandboxName(text, source: HTTPField.Name.counterpartSandbox.rawName)
        }
        guard let segment = request.sandboxSegment else {
            name = fromHeader
            isPrefixed = false
            return
        }
        let named = try SandboxName(segment, source: "path")
        if let fromHeader, fromHeader != named {
            throw SandboxName.refusal(
                "The path names sandbox \(named) and the Counterpart-Sandbox header \(fromHeader); name one, or the same in both.",
                field: HTTPField.Name.counterpartSandbox.rawName,
                rule: "It must name the sandbox the path names, \(named).")
        }
        name = named
        isPrefixed = true
    }
}
