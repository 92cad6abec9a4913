import Dependencies
public import NewsletterFeature

extension Domain {
    /// The newsletter sign-up (api.md §4) and its `/__admin` view; every sandbox has its own
    /// subscribers, outbox and address limits.
    public static let newsletter = Domain(
        name: "newsletter",
        summaryKey: "subscribers",
        endpoints: { dependencies in
            [
                Endpoint(
                    routes: NewsletterRoutes(), reducer: NewsletterFeature(), initialState: { .init() },
                    dependencies: dependencies)
            ]
        },
        adminEndpoints: { dependencies in
            [
                Endpoint(
                    routes: NewsletterAdminRoutes(), reducer: NewsletterFeature(), initialState: { .init() },
                    dependencies: dependencies, role: .admin)
            ]
        },
        links: [
            IndexLink("newsletter", "/newsletter/subscriptions"),
            IndexLink("emailCheck", "/newsletter/email-check{?email}"),
        ],
        rateLimits: NewsletterPolicy.rateLimits,
        sqliteMigrations: NewsletterMigrations.all,
        store: DomainStore(
            memory: { place in NewsletterRepository.inMemory().placed(at: place) },
            sqlite: { file, place in
                NewsletterRepository.sqlite(file.writer, sandbox: place.partition, writes: file.commits)
                    .placed(at: place)
            },
            dropSQLiteSandbox: NewsletterRepository.dropSandbox,
            reset: { values in
                try await values.newsletterRepository.reset(NewsletterSeed.subscribers)
                try await values.outbox.clear()
                return NewsletterSeed.subscribers.count
            },
            // A SQLite file's migration stores the seeded subscribers already.
            fill: { values in
                let newsletter = values.newsletterRepository
                if try await newsletter.subscribers().isEmpty { try await newsletter.reset(NewsletterSeed.subscribers) }
            })
    )
}

extension NewsletterRepository {
    /// This store as `place` serves it, whatever its backend: timed, and in a named sandbox with an
    /// outbox of its own and the sandbox's address limits.
    public func placed(at place: StorePlace) -> StoreSetter {
        let store = timed(by: place.metrics)
        guard let sandbox = place.sandbox else { return { values in values.newsletterRepository = store } }
        let outbox = sandbox.base.outbox.sandboxed(sandbox.name.rawValue, mailLimit: SandboxLimits.outboxMails)
        var policy = sandbox.base.newsletterPolicy
        policy.addressLimiter = sandbox.rateLimiter
        return { [policy] values in
            values.newsletterRepository = store
            values.outbox = outbox
            values.newsletterPolicy = policy
        }
    }
}
