/// The `/sandboxes/{name}/…` prefix that runs a request inside a sandbox (api.md §6.4).
///
/// A convention of the HTTP layer, not of the app alone: `RequestTarget` splits it off as the
/// request's target is read, so that the path every router and stage sees is the path inside the sandbox and
/// a request in a sandbox costs what one outside does — no second path, no copy of the request.
public enum SandboxPrefix {
    /// What a prefixed path starts with.
    public static let start = "/sandboxes/"

    /// The prefix naming sandbox `name`: `/sandboxes/{name}`.
    public static func naming(_ name: some StringProtocol) -> String {
        start + name
    }

    /// Where the segment after `/sandboxes/` lies in `path`, and where the path inside the sandbox
    /// begins (its `/`); `nil` without the prefix, or with nothing after the segment —
    /// `/sandboxes/{name}` is the sandbox itself, a resource of its own. The segment is unchecked:
    /// an empty or invalid one is the app's to refuse, naming it.
    static func split<Path: Collection<UInt8>>(_ path: Path) -> (segment: Range<Path.Index>, inner: Path.Index)? {
        guard path.starts(with: start.utf8) else { return nil }
        let segmentStart = path.index(path.startIndex, offsetBy: start.utf8.count)
        guard let slash = path[segmentStart...].firstIndex(of: UInt8(ascii: "/")) else { return nil }
        return (segmentStart..<slash, slash)
    }
}
