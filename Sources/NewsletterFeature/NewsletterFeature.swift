import Dependencies
import HTTPTypes
import EmailRule
import Foundation
public import HTTPKit
public import Reducers

/// The newsletter domain (api.md §4, §6.2): a double opt-in whose public answers never reveal who
/// is subscribed.
///
/// A sign-up is validated by the router (the shared `EmailRule`), counted against its address's
/// allowance here, and written by one `.task` on `\.newsletterRepository`; the mail it causes goes
/// to `\.outbox` inside that effect, after the write commits. Every sign-up makes two tokens and
/// writes one subscriber and one token whatever the address's history, and answers the same bytes,
/// so neither the answer nor its timing tells a client anything. Token routes (confirm, unsubscribe,
/// erase) are one repository call each; `email-check` and the outbox answer without an effect.
public struct NewsletterFeature: Reducer, Sendable {
    /// One request's state: what was asked and, once known, the answer.
    public struct State: RespondingState, Equatable {
        /// The request being answered.
        public var request: NewsletterRequest?
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the routers; internal results from this feature's effects.
    public enum Action: RoutableAction {
        case request(NewsletterRequest)
        case `internal`(Internal)
    }

    /// Repository outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case signedUp(TaskResult<SignupOutcome>)
        case confirmed(TaskResult<ConfirmOutcome>)
        case inspected(TaskResult<Subscriber>)
        case unsubscribed(TaskResult<Subscriber>)
        case erased(TaskResult<Subscriber>)
        case listed(TaskResult<[Subscriber]>)
        /// An outbox view's answer (the outbox may be in the shared database).
        case outboxRead(TaskResult<Response>)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .request(let request):
            state.request = request
            return start(request, state: &state)

        case .internal(.signedUp(.success)):
            guard case .subscribe(let address, _) = state.request?.operation else { return .none }
            state.response = NewsletterResponses.accepted(address)

        case .internal(.confirmed(.success(let outcome))):
            state.response = NewsletterResponses.status(outcome.subscriber, inHTML: state.answersInHTML)

        case .internal(.inspected(.success(let subscriber))):
            state.response = page(for: subscriber, request: state.request)

        case .internal(.unsubscribed(.success(let subscriber))):
            state.response = NewsletterResponses.status(subscriber, inHTML: state.answersInHTML)

        case .internal(.erased(.success)):
            state.response = Response(status: .noContent)

        case .internal(.listed(.success(let subscribers))):
            state.response = NewsletterResponses.list(subscribers)

        case .internal(.outboxRead(.success(let response))):
            state.response = response

        case .internal(.signedUp(.failure(let error))), .internal(.confirmed(.failure(let error))),
            .internal(.inspected(.failure(let error))), .internal(.unsubscribed(.failure(let error))),
            .internal(.erased(.failure(let error))), .internal(.listed(.failure(let error))),
            .internal(.outboxRead(.failure(let error))):
            state.response = NewsletterResponses.failure(error, inHTML: state.answersInHTML)
        }
        return .none
    }

    private func start(_ request: NewsletterRequest, state: inout State) -> Effect<Action> {
        @Dependency(\.newsletterRepository) var newsletter
        @Dependency(\.outbox) var outbox
        switch request.operation {
        case .subscribe(let address, let name):
            return signUp(address, name: name, request: request, state: &state)
        case .checkEmail(let input):
            state.response = NewsletterResponses.emailCheck(EmailRule.validate(input))
            return .none
        case .confirm(let token):
            guard let token else { return fail(.unknownToken, state: &state) }
            return confirm(token, request: request)
        case .showConfirmation(let token), .showUnsubscribe(let token):
            guard let token else { return fail(.unknownToken, state: &state) }
            let kind: TokenKind = if case .showConfirmation = request.operation { .confirm } else { .unsubscribe }
            let now = Self.now()
            return .task({ .internal(.inspected($0)) }) { try await newsletter.inspect(token.digest, kind, now) }
        case .unsubscribe(let token):
            guard let token else { return fail(.unknownToken, state: &state) }
            let now = Self.now()
            return .task({ .internal(.unsubscribed($0)) }) { try await newsletter.unsubscribe(token.digest, now) }
        case .erase(let token):
            guard let token else { return fail(.unknownToken, state: &state) }
            return .task({ .internal(.erased($0)) }) {
                let erased = try await newsletter.erase(token.digest)
                try await outbox.erase(to: erased.email)
                return erased
            }
        case .listSubscribers:
            return .task({ .internal(.listed($0)) }) { try await newsletter.subscribers() }
        case .listOutbox(let address, let limit):
            return .task({ .internal(.outboxRead($0)) }) {
                NewsletterResponses.list(try await outbox.list(to: address, limit: limit))
            }
        case .clearOutbox:
            return .task({ .internal(.outboxRead($0)) }) {
                try await outbox.clear()
                return Response(status: .noContent)
            }
        case .outboxMessage(let id):
            return .task({ .internal(.outboxRead($0)) }) {
                guard let id, let mail = try await outbox.mail(id) else {
                    return .problem(.notFound("No mail \(id?.lowercased ?? "with that id") is in the outbox."))
                }
                return NewsletterResponses.message(mail)
            }
        }
    }

    /// api.md §4.1 and §4.5: count the address (on the loop, or in the effect when instances share
    /// the windows), then write the sign-up and send its mail. Both tokens are made every time, so a
    /// confirmed address costs what a new one does.
    private func signUp(_ address: EmailAddress, name: String?, request: NewsletterRequest, state: inout State)
        -> Effect<Action>
    {
        @Dependency(\.newsletterRepository) var newsletter
        @Dependency(\.newsletterPolicy) var policy
        @Dependency(\.outbox) var outbox
        @Dependency(\.tokenGenerator) var tokens
        @Dependency(\.uuid) var uuid
        let limiter = policy.addressLimiter
        let resource = NewsletterPolicy.addressResource
        if !limiter.sharesWindows(of: resource) {
            if let window = limiter.window(for: resource, client: address.identity), window.remaining == 0,
                limiter.limit(for: resource)?.enforced == true
            {
                let retryAfter = limiter.secondsUntilReset(of: window)
                state.response = .problem(.rateLimited(client: "This address", retryAfter: retryAfter))
                return .none
            }
            limiter.record(resource, client: address.identity)
        }
        let confirm = tokens.next()
        let unsubscribe = tokens.next()
        let now = Self.now()
        let expiresAt = now.adding(seconds: policy.tokenLifetime)
        let signup = Signup(
            address: address, name: name, confirmToken: confirm.digest, unsubscribeToken: unsubscribe.digest,
            now: now, expiresAt: expiresAt)
        return .task({ .internal(.signedUp($0)) }) {
            // Instances sharing the windows count the address in the database, first.
            if let tally = try await limiter.count(resource, client: address.identity), tally.refused {
                throw RateLimitExceeded(client: "This address", retryAfter: limiter.secondsUntilReset(of: tally.window))
            }
            let outcome = try await newsletter.subscribe(signup)
            try await outbox.deliver(
                Mail.signup(
                    outcome, tokens: (confirm, unsubscribe), expiresAt: expiresAt, baseURL: request.baseURL, id: uuid(),
                    now: now))
            return outcome
        }
    }

    /// api.md §4.2: confirm, and welcome a subscriber this request confirmed.
    private func confirm(_ token: NewsletterToken, request: NewsletterRequest) -> Effect<Action> {
        @Dependency(\.newsletterRepository) var newsletter
        @Dependency(\.outbox) var outbox
        @Dependency(\.tokenGenerator) var tokens
        @Dependency(\.uuid) var uuid
        let unsubscribe = tokens.next()
        let now = Self.now()
        let confirmation = Confirmation(token: token.digest, unsubscribeToken: unsubscribe.digest, now: now)
        return .task({ .internal(.confirmed($0)) }) {
            let outcome = try await newsletter.confirm(confirmation)
            if outcome.newlyConfirmed {
                try await outbox.deliver(
                    Mail.welcome(
                        outcome.subscriber, unsubscribe: unsubscribe, baseURL: request.baseURL, id: uuid(), now: now))
            }
            return outcome
        }
    }

    /// The page (or, for an unsubscribe link asked as JSON, the status) a token's link shows.
    private func page(for subscriber: Subscriber, request: NewsletterRequest?) -> Response? {
        guard let request else { return nil }
        switch request.operation {
        case .showConfirmation(let token?):
            return NewsletterPage.confirm(email: subscriber.email, token: token, baseURL: request.baseURL)
        case .showUnsubscribe(let token?) where request.answersInHTML:
            return NewsletterPage.unsubscribe(email: subscriber.email, token: token, baseURL: request.baseURL)
        default:
            return NewsletterResponses.status(subscriber, inHTML: false)
        }
    }

    private func fail(_ error: NewsletterError, state: inout State) -> Effect<Action> {
        state.response = NewsletterResponses.failure(error, inHTML: state.answersInHTML)
        return .none
    }

    /// The current time from `\.date`, truncated to the second as every stored time is.
    private static func now() -> Timestamp {
        @Dependency(\.date.now) var now
        return Timestamp(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)))
    }
}

extension NewsletterFeature.State {
    /// Whether the request's answer is a page.
    var answersInHTML: Bool { request?.answersInHTML ?? false }
}
