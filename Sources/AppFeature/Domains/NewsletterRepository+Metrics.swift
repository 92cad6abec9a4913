import NewsletterFeature

extension NewsletterRepository {
    /// The same repository with every call's duration recorded in `metrics`
    /// (`counterpart_repository_call_duration_seconds{repository="newsletter"}`).
    func timed(by metrics: AppMetrics) -> Self {
        let subscribe = metrics.repositoryTimer("newsletter", "subscribe")
        let confirm = metrics.repositoryTimer("newsletter", "confirm")
        let inspect = metrics.repositoryTimer("newsletter", "inspect")
        let unsubscribe = metrics.repositoryTimer("newsletter", "unsubscribe")
        let erase = metrics.repositoryTimer("newsletter", "erase")
        let subscribers = metrics.repositoryTimer("newsletter", "subscribers")
        let reset = metrics.repositoryTimer("newsletter", "reset")
        return NewsletterRepository(
            subscribe: { signup in try await subscribe.time { try await self.subscribe(signup) } },
            confirm: { confirmation in try await confirm.time { try await self.confirm(confirmation) } },
            inspect: { token, kind, now in try await inspect.time { try await self.inspect(token, kind, now) } },
            unsubscribe: { token, now in try await unsubscribe.time { try await self.unsubscribe(token, now) } },
            erase: { token in try await erase.time { try await self.erase(token) } },
            subscribers: { try await subscribers.time { try await self.subscribers() } },
            reset: { seed in try await reset.time { try await self.reset(seed) } }
        )
    }
}
