import Foundation
import HTTPKit

extension Mail {
    /// The links of api.md §4.2–§4.3 under `baseURL`.
    static func confirmLink(_ token: NewsletterToken, baseURL: String) -> String {
        baseURL + "/newsletter/confirm?token=" + token.text
    }

    static func unsubscribeLink(_ token: NewsletterToken, baseURL: String) -> String {
        baseURL + "/newsletter/unsubscribe?token=" + token.text
    }

    /// The mail a sign-up sends: `confirmation` with the confirm token, or `alreadySubscribed` with
    /// the unsubscribe token.
    static func signup(
        _ outcome: SignupOutcome,
        tokens: (confirm: NewsletterToken, unsubscribe: NewsletterToken),
        expiresAt: Timestamp,
        baseURL: String,
        id: UUID,
        now: Timestamp
    ) -> Mail {
        switch outcome {
        case .confirmationSent(let subscriber):
            let link = confirmLink(tokens.confirm, baseURL: baseURL)
            return Mail(
                id: id, to: subscriber.email, kind: .confirmation, subject: "Confirm your subscription", sentAt: now,
                confirmLink: link, unsubscribeLink: nil,
                text: """
                    \(greeting(subscriber))

                    Please confirm that you want the Counterpart newsletter at \(subscriber.email):

                    \(link)

                    The link works until \(expiresAt) and only once. If you did not sign up, ignore this mail: \
                    without a confirmation nothing more is sent.

                    """)
        case .alreadyConfirmed(let subscriber):
            let link = unsubscribeLink(tokens.unsubscribe, baseURL: baseURL)
            return Mail(
                id: id, to: subscriber.email, kind: .alreadySubscribed, subject: "You're already subscribed",
                sentAt: now, confirmLink: nil, unsubscribeLink: link,
                text: """
                    \(greeting(subscriber))

                    Someone, hopefully you, asked to subscribe \(subscriber.email) to the Counterpart newsletter. \
                    It is already subscribed, so nothing has changed.

                    To unsubscribe: \(link)

                    """)
        }
    }

    /// The mail a confirmation sends.
    static func welcome(
        _ subscriber: Subscriber, unsubscribe token: NewsletterToken, baseURL: String, id: UUID, now: Timestamp
    )
        -> Mail
    {
        let link = unsubscribeLink(token, baseURL: baseURL)
        return Mail(
            id: id, to: subscriber.email, kind: .welcome, subject: "Welcome to the Counterpart newsletter", sentAt: now,
            confirmLink: nil, unsubscribeLink: link,
            text: """
                \(greeting(subscriber))

                \(subscriber.email) is now subscribed to the Counterpart newsletter. Welcome!

                To unsubscribe at any time: \(link)

                """)
    }

    private static func greeting(_ subscriber: Subscriber) -> String {
        guard let name = subscriber.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
            return "Hello,"
        }
        // A name is a line of the greeting, never a way to add lines (or headers) to the mail.
        return "Hello " + name.filter { !$0.isNewline } + ","
    }
}
