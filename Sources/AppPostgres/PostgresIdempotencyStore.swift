#if PostgreSQL
public import AppFeature
import Foundation
public import HTTPKit
import HTTPTypes
import PostgresNIO
public import PostgresStorage

/// `IdempotencyStore`'s rules kept in PostgreSQL, so a key used on one instance is known to all
/// (architecture.md §6): a retry that lands elsewhere replays the answer, or gets 409 while the
/// first request still runs anywhere.
///
/// One row per sandbox and scope. The first request inserts it (the unique key decides, atomically,
/// which of two racing requests proceeds); its answer is stored before it is sent, so a retry that
/// begins after the answer arrived replays it. An unanswered row is in flight only for
/// `inFlightLease` — an instance that died mid-request does not block its key for a day.
public struct PostgresIdempotencyStore: SharedIdempotencyStore {
    let database: PostgresBackend
    /// The sandbox whose keys these are.
    let sandbox: String
    let lifetime: Duration
    let inFlightLease: Duration
    /// Unix milliseconds now (tests move it).
    let now: @Sendable () -> Int64

    /// Keys of `sandbox`, each kept for `lifetime`; one unanswered for `inFlightLease` is free again.
    public init(
        _ database: PostgresBackend, sandbox: String, lifetime: Duration = .seconds(24 * 3600),
        inFlightLease: Duration = .seconds(60), now: @escaping @Sendable () -> Int64 = unixMilliseconds
    ) {
        self.database = database
        self.sandbox = sandbox
        self.lifetime = lifetime
        self.inFlightLease = inFlightLease
        self.now = now
    }

    /// Decides what to do with a request in `scope` whose body has `fingerprint`.
    public func begin(scope: String, fingerprint: [UInt8]) async throws -> IdempotencyStore.Decision {
        let now = now()
        let expired = now - lifetime.components.seconds * 1000
        let abandoned = now - inFlightLease.components.seconds * 1000
        return try await database.transaction { [sandbox] connection in
            // A stale row (expired, or in flight past its lease) is gone before the insert decides.
            try await connection.query(
                """
                DELETE FROM idempotency_keys WHERE sandbox = \(sandbox) AND scope = \(scope)
                    AND (created_at < \(expired) OR (status IS NULL AND created_at < \(abandoned)))
                """, logger: connection.logger)
            let inserted = try await connection.query(
                """
                INSERT INTO idempotency_keys (sandbox, scope, fingerprint, created_at)
                VALUES (\(sandbox), \(scope), \(Data(fingerprint)), \(now))
                ON CONFLICT (sandbox, scope) DO NOTHING RETURNING 1
                """, logger: connection.logger)
            for try await _ in inserted { return .proceed }
            let rows = try await connection.query(
                """
                SELECT fingerprint, status, headers, body FROM idempotency_keys
                WHERE sandbox = \(sandbox) AND scope = \(scope)
                """, logger: connection.logger)
            for try await (stored, status, headers, body) in rows.decode((Data, Int?, String?, Data?).self) {
                guard Array(stored) == fingerprint else { return .reused }
                guard let status else { return .inFlight }
                return .replay(Self.response(status: status, headers: headers ?? "", body: body ?? Data()))
            }
            // Deleted between the two statements (a reset): the request goes ahead.
            return .proceed
        }
    }

    /// Stores the answer of the request that proceeded, or releases the key for answers not worth
    /// replaying (5xx, 409, 429).
    public func complete(scope: String, with response: Response) async throws {
        guard IdempotencyStore.isReplayable(response) else { return try await abandon(scope: scope) }
        let headers = response.headers.map { "\($0.name.rawName): \($0.value)" }.joined(separator: "\n")
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                """
                UPDATE idempotency_keys SET status = \(Int(response.status.code)), headers = \(headers),
                    body = \(Data(response.body.bytes))
                WHERE sandbox = \(sandbox) AND scope = \(scope)
                """, logger: connection.logger)
        }
    }

    /// Releases a key whose request ended without an answer of its own.
    public func abandon(scope: String) async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                "DELETE FROM idempotency_keys WHERE sandbox = \(sandbox) AND scope = \(scope) AND status IS NULL",
                logger: connection.logger)
        }
    }

    /// Forgets every key of the sandbox (`POST /__admin/reset`, a dropped sandbox).
    public func removeAll() async throws {
        _ = try await database.withConnection { [sandbox] connection in
            try await connection.query(
                "DELETE FROM idempotency_keys WHERE sandbox = \(sandbox)", logger: connection.logger)
        }
    }

    private static func response(status: Int, headers: String, body: Data) -> Response {
        var fields = HTTPFields()
        for line in headers.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else {
                continue
            }
            fields.append(HTTPField(name: name, value: String(line[line.index(after: colon)...].dropFirst())))
        }
        return Response(status: HTTPResponse.Status(code: status), headers: fields, body: ResponseBody(Array(body)))
    }

    /// The keys of sandbox `name`, in the same database.
    public func sandboxed(_ name: String) -> any SharedIdempotencyStore {
        PostgresIdempotencyStore(database, sandbox: name)
    }
}
#endif
