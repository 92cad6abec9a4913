import HTTPTypes

/// The header names clients send on most requests, spelled as they send them, each made once.
///
/// A name read from the wire became a `String`, was validated as a token and lowercased for its
/// canonical form: ~450 instructions a field, a dozen times on a browser's request. A name whose
/// bytes are exactly one of these — case and all, so that the spelling a request carries is the
/// spelling it arrived in — takes the prepared one instead.
enum CommonFieldNames {
    /// The prepared name spelled exactly as `bytes`, if there is one.
    static func name(spelled bytes: HeadBytes) -> HTTPField.Name? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes.withUnsafeBytes(bytes.spells) {
            return candidate.name
        }
        return nil
    }

    private static let spellings = [
        "Host", "User-Agent", "Accept", "Accept-Encoding", "Accept-Language", "Connection", "Content-Type",
        "Content-Length", "Origin", "Referer", "Cache-Control", "Pragma", "If-None-Match", "If-Match",
        "Authorization", "Cookie", "Upgrade-Insecure-Requests", "Sec-Fetch-Site", "Sec-Fetch-Mode", "Sec-Fetch-Dest",
        "Priority", "Idempotency-Key", "X-Request-Id", "X-Sandbox", "Prefer", "X-Forwarded-For",
        "X-Forwarded-Proto", "X-Forwarded-Host", "Last-Event-ID",
    ]

    /// The names by their spelling's length, so that a lookup compares only names that could match.
    private static let byLength: [[(bytes: [UInt8], name: HTTPField.Name)]] = {
        var table = [[(bytes: [UInt8], name: HTTPField.Name)]](
            repeating: [], count: (spellings.map(\.utf8.count).max() ?? 0) + 1)
        for spelling in spellings {
            guard let name = HTTPField.Name(spelling) else { continue }
            table[spelling.utf8.count].append((Array(spelling.utf8), name))
        }
        return table
    }()
}
