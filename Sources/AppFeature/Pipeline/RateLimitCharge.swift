import HTTPKit
import HTTPTypes

/// How a request's answer counts against its rate-limit window (api.md §1.2): in memory when it
/// is sent, or in the shared store before the request ran (several instances must agree, so the
/// stage counts and refuses in one round trip). Either way a 304 is not counted.
enum RateLimitCharge: Sendable {
    /// Counted in `limiter`'s memory as the answer is sent.
    case onAnswer(RateLimiter, resource: String, client: String)
    /// Counted in `limiter`'s store already, leaving `window`.
    case counted(RateLimiter, resource: String, client: String, window: RateLimiter.Window)

    /// The resource the headers name.
    var resource: String {
        switch self {
        case .onAnswer(_, let resource, _), .counted(_, let resource, _, _): resource
        }
    }

    /// Settles the charge for an answer of `status`: the window the headers report.
    func settle(answering status: HTTPResponse.Status) -> RateLimiter.Window? {
        switch self {
        case .onAnswer(let limiter, let resource, let client):
            return status == .notModified
                ? limiter.window(for: resource, client: client)
                : limiter.record(resource, client: client)
        case .counted(let limiter, let resource, let client, var window):
            guard status == .notModified, let store = limiter.store else { return window }
            // Taken back without waiting: the answer is ready, and the count is a report.
            Task { [window] in try? await store.uncount(resource, client: client, window: window) }
            window.used = max(0, window.used - 1)
            return window
        }
    }
}
