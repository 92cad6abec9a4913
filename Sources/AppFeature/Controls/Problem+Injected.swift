import HTTPKit
import HTTPTypes

extension Problem {
    /// An answer made on purpose by a demo control (api.md §1.1 `injected`, §6.1), with
    /// `Retry-After: 1` on 429 and 503 so a client's retry logic has something to honour.
    static func injected(status code: Int, cause: String) -> Problem {
        Problem(
            status: HTTPResponse.Status(code: code),
            slug: "injected",
            title: "Injected failure",
            detail: "Counterpart answered \(code) on purpose: \(cause). Nothing was read or changed.",
            headers: code == 429 || code == 503 ? [.retryAfter: "1"] : [:]
        )
    }
}
