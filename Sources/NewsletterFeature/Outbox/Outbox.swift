public import Dependencies
public import Foundation
import Synchronization

/// Where mail goes, since it is never sent (api.md §4.2, §6.2): with `--dev`, the newest 200 mails —
/// in memory, apart from the subscriber store (the one place a raw token is kept), or in the
/// PostgreSQL database instances share (`shared`), so any instance reads any instance's mail;
/// without `--dev`, nowhere.
///
/// A sign-up delivers its mail after its transaction commits and before it answers, so a failed
/// sign-up sends nothing and a client reading the outbox after the answer finds the mail.
public final class Outbox: Sendable {
    /// Mails kept before the oldest is dropped (api.md §1.2's limits table).
    public static let capacity = 200

    /// Whether sent mail is kept (`--dev`) or dropped.
    public let keepsMail: Bool
    /// How many mails are kept before the oldest is dropped: `capacity`, or fewer (a sandbox's).
    public let mailLimit: Int
    /// The database the mails are kept in, when instances share one; else they are in `mails`.
    public let shared: (any SharedOutbox)?
    private let mails = Mutex<[Mail]>([])

    /// An outbox that keeps up to `mailLimit` mails (`--dev`) — in `shared` when given — or drops them all.
    public init(keepsMail: Bool, mailLimit: Int = capacity, shared: (any SharedOutbox)? = nil) {
        self.keepsMail = keepsMail
        self.mailLimit = min(mailLimit, Self.capacity)
        self.shared = shared
    }

    /// The outbox of sandbox `name`: as this one keeps mail, at most `mailLimit` of them.
    public func sandboxed(_ name: String, mailLimit: Int) -> Outbox {
        Outbox(
            keepsMail: keepsMail, mailLimit: mailLimit, shared: shared?.sandboxed(name))
    }

    /// Records a sent mail, dropping the oldest beyond `mailLimit`; the mail is composed only if kept.
    public func deliver(_ mail: @autoclosure () -> Mail) async throws {
        guard keepsMail else { return }
        let mail = mail()
        if let shared { return try await shared.deliver(mail, keeping: mailLimit) }
        mails.withLock { mails in
            mails.append(mail)
            if mails.count > mailLimit { mails.removeFirst(mails.count - mailLimit) }
        }
    }

    /// Up to `limit` mails, newest first, only those to `address` (any case) when given.
    public func list(to address: String? = nil, limit: Int = capacity) async throws -> [Mail] {
        if let shared { return try await shared.list(to: address, limit: limit) }
        return mails.withLock { mails in
            Array(
                mails.reversed().lazy.filter { mail in address.map { mail.isAddressed(to: $0) } ?? true }.prefix(limit))
        }
    }

    /// The mail with `id`, if kept.
    public func mail(_ id: UUID) async throws -> Mail? {
        if let shared { return try await shared.mail(id) }
        return mails.withLock { mails in mails.first { $0.id == id } }
    }

    /// Drops every mail to `address` (an erased subscriber's).
    public func erase(to address: String) async throws {
        if let shared { return try await shared.erase(to: address) }
        mails.withLock { mails in mails.removeAll { $0.isAddressed(to: address) } }
    }

    /// Drops every mail.
    public func clear() async throws {
        if let shared { return try await shared.clear() }
        mails.withLock { $0.removeAll() }
    }
}

extension Outbox: DependencyKey {
    /// Drops mail until the server installs its own (`--dev` keeps it).
    public static let liveValue = Outbox(keepsMail: false)
    /// A fresh outbox that keeps mail, per test.
    public static var testValue: Outbox { Outbox(keepsMail: true) }
}

extension DependencyValues {
    /// Where sent mail goes.
    public var outbox: Outbox {
        get { self[Outbox.self] }
        set { self[Outbox.self] = newValue }
    }
}
