#if PostgreSQL
public import Foundation
import HTTPKit
import PostgresNIO
public import NewsletterFeature
public import PostgresStorage
import Storage

/// The outbox's mails kept in PostgreSQL, so a mail sent by one instance is read through any
/// (`GET /__admin/outbox` behind a load balancer): the newest `mailLimit` of a sandbox, in the order
/// they were sent, whichever instance sent them.
public struct PostgresOutbox: SharedOutbox {
    let database: PostgresBackend
    /// The sandbox whose mails these are.
    let sandbox: String

    /// The mails of `sandbox`.
    public init(_ database: PostgresBackend, sandbox: String) {
        self.database = database
        self.sandbox = sandbox
    }

    /// Keeps `mail`, dropping the sandbox's oldest beyond `limit`.
    public func deliver(_ mail: Mail, keeping limit: Int) async throws {
        try await database.transaction { [sandbox] connection in
            try await connection.query(
                """
                INSERT INTO outbox_mails (sandbox, id, recipient, kind, subject, sent_at, confirm_link,
                    unsubscribe_link, text)
                VALUES (\(sandbox), \(mail.id), \(mail.to), \(mail.kind.rawValue), \(mail.subject),
                    \(mail.sentAt.secondsSince1970), \(mail.confirmLink), \(mail.unsubscribeLink), \(mail.text))
                """, logger: connection.logger)
            try await connection.query(
                """
                DELETE FROM outbox_mails WHERE sandbox = \(sandbox) AND sequence <= (
                    SELECT sequence FROM outbox_mails WHERE sandbox = \(sandbox)
                    ORDER BY sequence DESC OFFSET \(limit) LIMIT 1)
                """, logger: connection.logger)
        }
    }

    /// The newest `limit` mails, to `address` when given, newest first.
    public func list(to address: String?, limit: Int) async throws -> [Mail] {
        if let address, !Self.isStorable(address) { return [] }
        return try await database.withConnection { [sandbox] connection in
            let rows =
                if let address {
                    try await connection.query(
                        """
                        SELECT \(unescaped: Self.columns) FROM outbox_mails
                        WHERE sandbox = \(sandbox) AND lower(recipient) = \(address.lowercased())
                        ORDER BY sequence DESC LIMIT \(limit)
                        """, logger: connection.logger)
                } else {
                    try await connection.query(
                        """
                        SELECT \(unescaped: Self.columns) FROM outbox_mails WHERE sandbox = \(sandbox)
                        ORDER BY sequence DESC LIMIT \(limit)
                        """, logger: connection.logger)
                }
            return try await Self.mails(rows)
        }
    }

    /// The mail with `id`, if it is still kept.
    public func mail(_ id: UUID) async throws -> Mail? {
        try await database.withConnection { [sandbox] connection in
            let rows = try await connection.query(
                "SELECT \(unescaped: Self.columns) FROM outbox_mails WHERE sandbox = \(sandbox) AND id = \(id)",
                logger: connection.logger)
            return try await Self.mails(rows).first
        }
    }

    /// Forgets every mail to `address`.
    public func erase(to address: String) async throws {
        guard Self.isStorable(address) else { return }
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                "DELETE FROM outbox_mails WHERE sandbox = \(sandbox) AND lower(recipient) = \(address.lowercased())",
                logger: connection.logger)
        }
    }

    /// Forgets every mail of the sandbox.
    public func clear() async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query("DELETE FROM outbox_mails WHERE sandbox = \(sandbox)", logger: connection.logger)
        }
    }

    /// Whether PostgreSQL's text can hold `address`: not with a NUL, which no stored recipient has
    /// (a query's `to` may; it then matches nothing, as in memory, instead of failing the request).
    private static func isStorable(_ address: String) -> Bool {
        !address.utf8.contains(0)
    }

    private static let columns = "id, recipient, kind, subject, sent_at, confirm_link, unsubscribe_link, text"

    private static func mails(_ rows: PostgresRowSequence) async throws -> [Mail] {
        var mails: [Mail] = []
        for try await row in rows.decode((UUID, String, String, String, Int64, String?, String?, String).self) {
            guard let kind = MailKind(rawValue: row.2) else {
                throw RepositoryError.unknown("outbox_mails holds an unknown kind \(row.2).")
            }
            mails.append(
                Mail(
                    id: row.0, to: row.1, kind: kind, subject: row.3, sentAt: Timestamp(secondsSince1970: row.4),
                    confirmLink: row.5, unsubscribeLink: row.6, text: row.7))
        }
        return mails
    }

    /// The outbox of sandbox `name`, in the same database.
    public func sandboxed(_ name: String) -> any SharedOutbox {
        PostgresOutbox(database, sandbox: name)
    }
}
#endif
