public import EmailRule
public import Foundation

/// A public request to the newsletter domain, as the routers build it from HTTP (api.md §4, §6.2).
public struct NewsletterRequest: Sendable, Equatable {
    /// What the client asks for.
    public var operation: Operation
    /// The base of the links in mails and pages.
    public var baseURL: String
    /// Whether the answer is a page for a person (`text/html` negotiated) rather than JSON.
    public var answersInHTML: Bool

    /// Creates a request.
    public init(_ operation: Operation, baseURL: String, answersInHTML: Bool = false) {
        self.operation = operation
        self.baseURL = baseURL
        self.answersInHTML = answersInHTML
    }

    /// The operations of api.md §4.1–§4.3 and §6.2. A token that is not one (`nil`) is answered as
    /// an unknown token, 404, in the answer's own form (page or problem).
    public enum Operation: Sendable, Equatable {
        /// `POST /newsletter/subscriptions`.
        case subscribe(EmailAddress, name: String?)
        /// `GET /newsletter/email-check`, with the raw input.
        case checkEmail(String)
        /// `GET /newsletter/confirm`: the page with the confirm button.
        case showConfirmation(NewsletterToken?)
        /// `POST /newsletter/confirmations`.
        case confirm(NewsletterToken?)
        /// `GET /newsletter/unsubscribe`: the page with the unsubscribe button (or the status as JSON).
        case showUnsubscribe(NewsletterToken?)
        /// `POST /newsletter/unsubscribe`: one-click unsubscribe (RFC 8058).
        case unsubscribe(NewsletterToken?)
        /// `DELETE /newsletter/subscriptions/{token}`.
        case erase(NewsletterToken?)
        /// `GET /__admin/outbox`.
        case listOutbox(to: String?, limit: Int)
        /// `DELETE /__admin/outbox`.
        case clearOutbox
        /// `GET /__admin/outbox/{id}.eml`.
        case outboxMessage(UUID?)
        /// `GET /__admin/newsletter/subscribers`.
        case listSubscribers
    }
}
