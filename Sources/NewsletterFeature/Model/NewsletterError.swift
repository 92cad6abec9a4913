public import HTTPKit
import HTTPTypes

/// What a token can be wrong about, each with its api.md §4.2 status.
public enum NewsletterError: Error, Equatable, ProblemError {
    /// No subscription has this token, or it is not a token at all (404).
    case unknownToken
    /// The token expired unused, or was used and its subscription is no longer confirmed (410).
    case expiredToken

    public var problem: Problem {
        switch self {
        case .unknownToken:
            .notFound("This link is not valid: no subscription has this token. Sign up again to get a new link.")
        case .expiredToken:
            Problem(
                status: .gone,
                slug: "gone",
                title: "Gone",
                detail: "This link has expired. Sign up again to get a new confirmation link."
            )
        }
    }
}
