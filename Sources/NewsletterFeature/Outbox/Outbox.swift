public import Dependencies
public import Foundation
import Synchronization

/// Where mail goes, since it is never sent (api.md §4.2, §6.2): with `--dev`, the newest 200 mails
/// in memory, apart from the subscriber store — the one place a raw token is kept; without it,
/// nowhere.
///
/// A sign-up delivers its mail after its transaction commits, so a failed sign-up sends nothing.
public final class Outbox: Sendable {
    /// Mails kept before the oldest is dropped (api.md §1.2's limits table).
    public static let capacity = 200

    /// Whether sent mail is kept (`--dev`) or dropped.
    public let keepsMail: Bool
    /// How many mails are kept before the oldest is dropped: `capacity`, or fewer (a sandbox's).
    public let mailLimit: Int
    private let mails = Mutex<[Mail]>([])

    /// An outbox that keeps up to `mailLimit` mails (`--dev`) or drops them all.
    public init(keepsMail: Bool, mailLimit: Int = capacity) {
        self.keepsMail = keepsMail
        self.mailLimit = min(mailLimit, Self.capacity)
    }

    /// Records a sent mail, dropping the oldest beyond `mailLimit`; the mail is composed only if kept.
    public func deliver(_ mail: @autoclosure () -> Mail) {
        guard keepsMail else { return }
        let mail = mail()
        mails.withLock { mails in
            mails.append(mail)
            if mails.count > mailLimit { mails.removeFirst(mails.count - mailLimit) }
        }
    }

    /// Up to `limit` mails, newest first, only those to `address` (any case) when given.
    public func list(to address: String? = nil, limit: Int = capacity) -> [Mail] {
        mails.withLock { mails in
            Array(
                mails.reversed().lazy.filter { mail in address.map { mail.isAddressed(to: $0) } ?? true }.prefix(limit))
        }
    }

    /// The mail with `id`, if kept.
    public func mail(_ id: UUID) -> Mail? {
        mails.withLock { mails in mails.first { $0.id == id } }
    }

    /// Drops every mail to `address` (an erased subscriber's).
    public func erase(to address: String) {
        mails.withLock { mails in mails.removeAll { $0.isAddressed(to: address) } }
    }

    /// Drops every mail.
    public func clear() {
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
