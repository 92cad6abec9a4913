import HTTPKit
import HTTPTypes

/// The request target's form (RFC 9112 §3.2), read into what routing needs: a path with its query,
/// and the authority when the client named one.
///
/// - origin-form, `/todos?page=2`: the usual one; it starts with `/`.
/// - absolute-form, `http://localhost:8080/todos`: what a client sends to a proxy, and what a server
///   MUST accept (§3.2.2). It is routed by its path (`/` when it has none), and its authority
///   replaces the `Host` field, as the RFC requires. Only `http` and `https` URIs are served, and
///   one with userinfo (`http://user@host/`) is refused, as RFC 9110 §4.2.4 advises.
/// - asterisk-form, `*`: only with OPTIONS, for the server as a whole.
/// - authority-form, `host:port`: only with CONNECT, which asks a proxy for a tunnel. This server is
///   no proxy: it routes the request as one for `/`, whose answer is 405 (api.md §1.1).
enum TargetForm {
    /// The target read for routing: `path` is origin-form bytes, or `nil` when they are the whole
    /// target as sent; `authority` the absolute-form's.
    struct Routed {
        let path: String?
        let authority: String?
    }

    static func read(_ target: HeadBytes, method: HTTPRequest.Method) throws(RequestRefusal) -> Routed {
        switch target.first {
        case UInt8(ascii: "/"):
            return Routed(path: nil, authority: nil)
        case UInt8(ascii: "*") where target.count == 1 && method == .options:
            return Routed(path: nil, authority: nil)
        case _ where method == .connect:
            guard Self.hasHostAndPort(target), HostSyntax.isValid(target) else {
                throw refusal("CONNECT names a host and port (\"example.com:443\"); got \(Printable.quote(target)).")
            }
            return Routed(path: "/", authority: nil)
        default:
            return try absolute(target)
        }
    }

    private static func absolute(_ target: HeadBytes) throws(RequestRefusal) -> Routed {
        guard let schemeEnd = target.firstIndex(of: UInt8(ascii: ":")),
            target[schemeEnd...].starts(with: "://".utf8)
        else {
            throw refusal(
                "The request target \(Printable.quote(target)) must start with \"/\" (or be an http URL, or \"*\" for OPTIONS)."
            )
        }
        let scheme = target[..<schemeEnd]
        guard
            HeaderFieldRules.equalsIgnoringCase(scheme, "http") || HeaderFieldRules.equalsIgnoringCase(scheme, "https")
        else {
            throw refusal("This server serves http and https URLs; the target's scheme is \(Printable.quote(scheme)).")
        }
        let authorityStart = schemeEnd + 3
        let authorityEnd =
            target[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? target.endIndex
        let authority = target[authorityStart..<authorityEnd]
        guard !authority.contains(UInt8(ascii: "@")) else {
            throw refusal("The target's URL carries userinfo (\"user@\"), which RFC 9110 §4.2.4 makes an error.")
        }
        // RFC 9110 §4.2.1: an http URI with an empty host is invalid (`http://:80/`).
        guard authority.first != nil, authority.first != UInt8(ascii: ":"), HostSyntax.isValid(authority) else {
            throw refusal("The target's URL names no valid host: \(Printable.quote(authority)).")
        }
        let rest = String(decoding: target[authorityEnd...], as: UTF8.self)
        return Routed(
            path: rest.first == "/" ? rest : "/" + rest, authority: String(decoding: authority, as: UTF8.self))
    }

    /// Authority-form is `uri-host ":" port` (RFC 9112 §3.2.3): both parts, neither empty.
    private static func hasHostAndPort(_ target: HeadBytes) -> Bool {
        guard let colon = target.lastIndex(of: UInt8(ascii: ":")) else { return false }
        return colon > target.startIndex && colon + 1 < target.endIndex
    }

    private static func refusal(_ detail: String) -> RequestRefusal {
        RequestRefusal(.malformed, detail)
    }
}
