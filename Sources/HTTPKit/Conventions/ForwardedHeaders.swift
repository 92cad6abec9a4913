import HTTPTypes

/// What a trusted reverse proxy says about the request it forwarded (`--trust-proxy`, api.md §1):
/// the client's address and the scheme and host the client used.
///
/// Only meaningful behind a proxy that sets these headers itself (nginx's
/// `$proxy_add_x_forwarded_for`, `$scheme`, `$host`): a client talking to the server directly could
/// send anything. Each header's *last* entry is read — the one the nearest proxy added — and a
/// value that is not a plausible address, scheme or host is ignored.
public enum ForwardedHeaders {
    /// The last `X-Forwarded-For` entry when it is an IP address, else the TCP peer.
    public static func client(of request: ServerRequest) -> String {
        guard let entry = lastEntry(request.headers[.xForwardedFor]), isAddress(entry) else { return request.peer }
        return entry
    }

    /// The last `X-Forwarded-Proto` entry when it is `http` or `https`.
    public static func scheme(of request: ServerRequest) -> String? {
        lastEntry(request.headers[.xForwardedProto]).map { $0.lowercased() }.flatMap {
            $0 == "http" || $0 == "https" ? $0 : nil
        }
    }

    /// The last `X-Forwarded-Host` entry when it is safe to put in a URL.
    public static func host(of request: ServerRequest) -> String? {
        lastEntry(request.headers[.xForwardedHost]).flatMap { RouteContext.isSafeHost($0) ? $0 : nil }
    }

    /// The last comma-separated entry of `value`, trimmed; repeated header lines arrive joined.
    private static func lastEntry(_ value: String?) -> String? {
        guard let last = value?.split(separator: ",", omittingEmptySubsequences: false).last else { return nil }
        let trimmed = last.trimmingSpaces
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// IPv4 or IPv6 text: hex digits, `.` and `:`, at most 45 characters.
    private static func isAddress(_ text: String) -> Bool {
        text.utf8.count <= 45
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: ":"):
                    true
                default:
                    false
                }
            }
    }
}
