public import Foundation

/// The outbox's mails kept in the database every instance shares, so a mail sent by one instance is
/// read through any (`GET /__admin/outbox` behind a load balancer).
///
/// A seam, so the feature names no database: the PostgreSQL build supplies it (`NewsletterPostgres`).
public protocol SharedOutbox: Sendable {
    /// Keeps `mail`, dropping the sandbox's oldest beyond `limit`.
    func deliver(_ mail: Mail, keeping limit: Int) async throws
    /// The newest `limit` mails, to `address` when given, newest first.
    func list(to address: String?, limit: Int) async throws -> [Mail]
    /// The mail with `id`, if it is still kept.
    func mail(_ id: UUID) async throws -> Mail?
    /// Forgets every mail to `address`.
    func erase(to address: String) async throws
    /// Forgets every mail of the sandbox.
    func clear() async throws
    /// The outbox of sandbox `name`, in the same database.
    func sandboxed(_ name: String) -> any SharedOutbox
}
