import Glibc
import HTTPTypes

/// What a trusted reverse proxy says about the request it forwarded (`--trust-proxy`, api.md §1):
/// the client's address and the scheme and host the client used.
///
/// Only meaningful behind a proxy that sets these headers itself (nginx's
/// `$proxy_add_x_forwarded_for`, `$scheme`, `$host`): a client talking to the server directly could
/// send anything. Each header's *last* entry is read — the one the nearest proxy added — and a
/// value that is not a plausible address, scheme or host is ignored.
public enum ForwardedHeaders {
    /// The address in the last `X-Forwarded-For` entry (a port some balancers add is dropped), or
    /// the TCP peer when that entry is not an IP address.
    public static func client(of request: ServerRequest) -> String {
        lastEntry(request.headers.combinedValue(.xForwardedFor)).flatMap(address(in:)) ?? request.peer
    }

    /// The last `X-Forwarded-Proto` entry when it is `http` or `https`.
    public static func scheme(of request: ServerRequest) -> String? {
        lastEntry(request.headers.combinedValue(.xForwardedProto)).map { $0.lowercased() }.flatMap {
            $0 == "http" || $0 == "https" ? $0 : nil
        }
    }

    /// The last `X-Forwarded-Host` entry when it is safe to put in a URL.
    public static func host(of request: ServerRequest) -> String? {
        lastEntry(request.headers.combinedValue(.xForwardedHost)).flatMap { RouteContext.isSafeHost($0) ? $0 : nil }
    }

    /// The last comma-separated entry of `value`, trimmed; repeated header lines arrive joined.
    private static func lastEntry(_ value: String?) -> String? {
        guard let last = value?.split(separator: ",", omittingEmptySubsequences: false).last else { return nil }
        let trimmed = last.trimmingSpaces
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The IP address `entry` names — `203.0.113.7`, `203.0.113.7:51234`, `2001:db8::1`,
    /// `[2001:db8::1]:443` — as written, without its port; `nil` when it names none.
    private static func address(in entry: String) -> String? {
        var host = Substring(entry)
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = host[host.index(after: host.startIndex)..<close]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        let text = String(host)
        var buffer = in6_addr()
        let valid = inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
        return valid ? text : nil
    }
}
