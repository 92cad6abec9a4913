import Foundation
public import HTTPKit
public import HTTPTypes

/// Routing for the newsletter's public routes (api.md §4): paths, methods, and every check that
/// needs no stored data — the email rule included, so a bad address is answered before a store
/// exists.
public struct NewsletterRoutes: Routes {
    /// Creates the table.
    public init() {}

    static let subscriptions = "/newsletter/subscriptions"
    static let subscriptionsPrefix = "/newsletter/subscriptions/"

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        switch path {
        case Self.subscriptions: [.post]
        case "/newsletter/confirm", "/newsletter/email-check": [.get]
        case "/newsletter/confirmations": [.post]
        case "/newsletter/unsubscribe": [.get, .post]
        case _
        where path.hasPrefix(Self.subscriptionsPrefix) && !path.dropFirst(Self.subscriptionsPrefix.count).contains("/"):
            [.delete]
        default: nil
        }
    }

    public func template(for path: String) -> String {
        path.hasPrefix(Self.subscriptionsPrefix) ? Self.subscriptionsPrefix + "{token}" : path
    }

    /// The pages a person opens from a mail answer in HTML; the rest is JSON.
    public func offeredTypes(for path: String) -> [String] {
        switch path {
        case "/newsletter/confirm": [Self.html]
        case "/newsletter/confirmations", "/newsletter/unsubscribe": ["application/json", Self.html]
        default: ["application/json"]
        }
    }

    /// `POST /newsletter/subscriptions` honours `Idempotency-Key`.
    public func acceptsIdempotencyKey(_ request: ServerRequest) -> Bool {
        request.method == .post && request.path == Self.subscriptions
    }

    /// Sign-ups count against `newsletter` (30 a minute per client, api.md §4.5).
    public func rateLimitResource(_ request: ServerRequest) -> String? {
        request.method == .post && request.path == Self.subscriptions ? "newsletter" : nil
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> NewsletterRequest {
        let query = request.queryParameters
        let accept = request.headers.combinedValue(.accept)
        switch (request.path, request.method) {
        case (Self.subscriptions, _):
            let (address, name) = try NewsletterBody.signup(request)
            return NewsletterRequest(.subscribe(address, name: name), baseURL: context.baseURL)
        case ("/newsletter/email-check", _):
            return NewsletterRequest(.checkEmail(query["email"] ?? ""), baseURL: context.baseURL)
        case ("/newsletter/confirm", _):
            return NewsletterRequest(
                .showConfirmation(try Self.token(in: query)), baseURL: context.baseURL, answersInHTML: true)
        case ("/newsletter/confirmations", _):
            return NewsletterRequest(
                .confirm(try NewsletterBody.token(request)), baseURL: context.baseURL,
                answersInHTML: Self.answersInHTML(accept, whenTied: false))
        case ("/newsletter/unsubscribe", .get):
            // A link opened from a mail is a page unless the client ranks JSON higher.
            return NewsletterRequest(
                .showUnsubscribe(try Self.token(in: query)), baseURL: context.baseURL,
                answersInHTML: Self.answersInHTML(accept, whenTied: true))
        case ("/newsletter/unsubscribe", _):
            // RFC 8058: the body (`List-Unsubscribe=One-Click`, any type, or none) is ignored.
            return NewsletterRequest(
                .unsubscribe(try Self.token(in: query)), baseURL: context.baseURL,
                answersInHTML: Self.answersInHTML(accept, whenTied: false))
        default:
            let text = request.path.dropFirst(Self.subscriptionsPrefix.count)
            return NewsletterRequest(.erase(NewsletterToken(parsing: text)), baseURL: context.baseURL)
        }
    }

    /// The `token` query parameter: 400 when missing, `nil` (answered 404) when not a token.
    static func token(in query: QueryParameters) throws(RouteError) -> NewsletterToken? {
        guard let text = query["token"] else {
            throw RouteError(
                .malformedRequest(
                    "The token parameter is missing; open the link from the mail as it was sent.",
                    errors: [FieldError(field: "token", code: "missing", detail: "token is required.")]
                )
            )
        }
        return NewsletterToken(parsing: text)
    }

    /// Whether `accept` makes the answer a page: HTML ranked above JSON, or tied with it when
    /// `whenTied` (an absent `Accept` ties them).
    static func answersInHTML(_ accept: String?, whenTied: Bool) -> Bool {
        let offered = whenTied ? [html, "application/json"] : ["application/json", html]
        return ContentNegotiation.choose(from: offered, accept: accept) == html
    }

    /// The bare HTML type, for negotiation.
    static let html = "text/html"
}
