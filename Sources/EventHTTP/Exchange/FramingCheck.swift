import HTTPKit

/// The header rules RFC 9112 and RFC 9110 make a server enforce, checked on what evhttp accepted.
///
/// evhttp frames a body by the first `Content-Length` it finds and takes any `Transfer-Encoding`
/// that is not exactly `chunked` as absent, so a request that disagrees with itself is read one way
/// here and another way by a proxy in front — the request-smuggling setup. Such a request is
/// answered 400 and its connection closed, so nothing after its doubtful body is ever read as a
/// request. Fed one header at a time while the request is copied out of libevent: no extra pass.
struct FramingCheck {
    private var badName: String?
    private var lengths: [String] = []
    private var encodings: [String] = []
    private var hosts = 0

    /// Takes one header as received.
    mutating func add(name: String, value: String) {
        if badName == nil, !HTTPToken.isValid(name) { badName = name }
        switch name.utf8.count {
        case 4 where name.lowercased() == "host": hosts += 1
        case 14 where name.lowercased() == "content-length": lengths.append(value)
        case 17 where name.lowercased() == "transfer-encoding": encodings.append(value)
        default: break
        }
    }

    /// Why the headers make the request unacceptable, or `nil`.
    var problem: String? {
        if let badName {
            return "The header name \"\(badName)\" is not a token (RFC 9110 §5.1): no spaces, colons or controls."
        }
        if hosts > 1 { return "The request has \(hosts) Host headers; RFC 9112 §3.2 allows one." }
        if !encodings.isEmpty {
            guard encodings.count == 1, encodings[0].lowercased() == "chunked" else {
                return "Transfer-Encoding must be exactly \"chunked\", the only coding this server reads."
            }
            guard lengths.isEmpty else {
                return "A request cannot carry both Transfer-Encoding and Content-Length (RFC 9112 §6.3)."
            }
        }
        guard let first = lengths.first else { return nil }
        guard Self.isDigits(first), lengths.allSatisfy({ $0 == first }) else {
            return "Content-Length must be one decimal number, given once; got \(lengths.joined(separator: ", "))."
        }
        return nil
    }

    /// One or more ASCII digits and nothing else (no sign, space or list).
    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
