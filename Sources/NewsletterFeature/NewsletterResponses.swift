import EmailRule
import HTTPKit
import HTTPTypes

/// The newsletter's answers (api.md §4, §6.2): bodies, statuses and headers. Every one is
/// `Cache-Control: no-store` (the finalizer's default) — nothing here may sit in a cache.
enum NewsletterResponses {
    /// 202 to every valid sign-up: the same bytes for the same input, whatever the address's history.
    static func accepted(_ address: EmailAddress) -> Response {
        var writer = JSONWriter(capacity: 64 + address.normalized.utf8.count)
        writer.object { object in
            object.member("status", SubscriptionStatus.pending.rawValue)
            object.member("email", address.normalized)
        }
        return .json(bytes: writer.bytes, status: .accepted)
    }

    /// `GET /newsletter/email-check`: the sign-up rule's verdict for as-you-type validation.
    static func emailCheck(_ verdict: Result<EmailAddress, EmailRejection>) -> Response {
        var writer = JSONWriter()
        writer.object { object in
            switch verdict {
            case .success(let address):
                object.member("valid", true)
                object.member("normalized", address.normalized)
                object.member("reason", nil as String?)
                object.member("message", nil as String?)
            case .failure(let rejection):
                object.member("valid", false)
                object.member("normalized", nil as String?)
                object.member("reason", rejection.reason.rawValue)
                object.member("message", rejection.message)
            }
        }
        return .json(bytes: writer.bytes)
    }

    /// `{status, email}`, or the page a person sees for it.
    static func status(_ subscriber: Subscriber, inHTML: Bool) -> Response {
        if inHTML {
            return subscriber.status == .unsubscribed
                ? NewsletterPage.unsubscribed(email: subscriber.email)
                : NewsletterPage.confirmed(email: subscriber.email)
        }
        var writer = JSONWriter()
        writer.object { object in
            object.member("status", subscriber.status.rawValue)
            object.member("email", subscriber.email)
        }
        return .json(bytes: writer.bytes)
    }

    /// A failed repository call: a token's 404/410 as a page or a problem, anything unknown a 500.
    static func failure(_ error: any Error, inHTML: Bool) -> Response {
        guard let error = error as? NewsletterError else { return .problem(problem(for: error)) }
        return inHTML ? NewsletterPage.failure(error) : .problem(error.problem)
    }

    /// A list as a bare JSON array.
    static func list(_ elements: [some JSONWritable]) -> Response {
        var writer = JSONWriter(capacity: 256 * max(1, elements.count))
        writer.array(elements) { writer, element in element.write(to: &writer) }
        return .json(bytes: writer.bytes)
    }

    /// One outbox mail as `message/rfc822`.
    static func message(_ mail: Mail) -> Response {
        Response(status: .ok, headers: [.contentType: MediaType.rfc822], body: ResponseBody(mail.internetMessage))
    }

    /// The problem for a failed repository call: domain errors keep theirs, anything else is a 500.
    static func problem(for error: any Error) -> Problem {
        Problem.answering(error)
    }
}
