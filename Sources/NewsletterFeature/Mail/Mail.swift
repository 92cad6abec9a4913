public import Foundation
public import HTTPKit

/// One mail the server "sent" (api.md §4.2, §6.2): never delivered anywhere, kept in the outbox with
/// `--dev` so a presenter or a UI test can follow its links.
public struct Mail: Sendable, Equatable {
    /// The outbox id (`/__admin/outbox/{id}.eml`).
    public var id: UUID
    /// The recipient, normalised.
    public var to: String
    /// Why it was sent.
    public var kind: MailKind
    /// The subject line.
    public var subject: String
    /// When it was sent.
    public var sentAt: Timestamp
    /// The link that confirms the subscription (`confirmation` mails).
    public var confirmLink: String?
    /// The link that unsubscribes (`welcome` and `alreadySubscribed` mails), also in
    /// `List-Unsubscribe`.
    public var unsubscribeLink: String?
    /// The plain-text body.
    public var text: String

    /// A mail as given, field by field (the outboxes', the PostgreSQL one's module included).
    package init(
        id: UUID,
        to: String,
        kind: MailKind,
        subject: String,
        sentAt: Timestamp,
        confirmLink: String?,
        unsubscribeLink: String?,
        text: String
    ) {
        self.id = id
        self.to = to
        self.kind = kind
        self.subject = subject
        self.sentAt = sentAt
        self.confirmLink = confirmLink
        self.unsubscribeLink = unsubscribeLink
        self.text = text
    }

    /// The RFC 2369 / RFC 8058 headers of a mail with an unsubscribe link, `[]` otherwise.
    public var listHeaders: [(name: String, value: String)] {
        guard let unsubscribeLink else { return [] }
        return [
            ("List-Unsubscribe", "<" + unsubscribeLink + ">"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ]
    }

    /// Whether `address` (any case) is the recipient.
    public func isAddressed(to address: String) -> Bool {
        to.lowercased() == address.lowercased()
    }
}

/// The three mails of api.md §4.
public enum MailKind: String, Sendable, Equatable {
    /// Asks a new, pending or unsubscribed address to confirm.
    case confirmation
    /// Tells a confirmed address that signed up again that nothing changed.
    case alreadySubscribed
    /// Welcomes a just-confirmed subscriber.
    case welcome
}
