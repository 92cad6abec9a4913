import CounterpartTestSupport
import Foundation
import PostgresNIO
import PostgresStorage
import Testing

/// `serve --database postgres://…` as a team runs it: several instances on one database.
@Suite("Serving from PostgreSQL")
struct PostgresServeTests {
    @Test("three instances starting together migrate and seed once, then agree on every answer")
    func instancesAgree() async throws {
        let url = try await Self.urlWithPassword()
        let servers = try (0..<3).map { _ in
            try ServerProcess(["serve", "--port", "0", "--database", url, "--dev"])
        }
        var clients: [HTTPClient] = []
        for server in servers {
            let port = try #require(await server.listeningPort(within: .seconds(60)), "\(server.printed)")
            clients.append(try HTTPClient(port: port))
        }
        let lists = try clients.map { try $0.request("GET", "/todos").body }
        #expect(Set(lists).count == 1, "every instance lists the same seeded todos")
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(lists[0])) as? [[String: Any]])
        #expect(todos.count == 4, "seeded once, not once per instance")

        // B's list is cached now (read twice); a write through A must show on B at once.
        _ = try clients[1].request("GET", "/todos")
        let created = try clients[0].request(
            "POST", "/todos", body: Array(#"{"description":"written through A"}"#.utf8))
        #expect(created.status == 201)
        let seen = try clients[1].request("GET", "/todos")
        #expect(String(decoding: seen.body, as: UTF8.self).contains("written through A"))

        // An Idempotency-Key used on A replays on B and C; fail=2 counts across instances.
        let key = [("Idempotency-Key", "cluster-key-1"), ("Content-Type", "application/json")]
        let body = Array(#"{"description":"once"}"#.utf8)
        let first = try clients[0].request("POST", "/todos", headers: key, body: body)
        #expect(first.status == 201)
        for client in clients.dropFirst() {
            let replay = try client.request("POST", "/todos", headers: key, body: body)
            #expect(replay.status == 201 && replay.body == first.body)
            #expect(replay.header("Idempotent-Replayed") == "true")
        }
        let failTwice = [("Prefer", "fail=2, scenario=cluster-retry")]
        let statuses = try (0..<3).map { try clients[$0].request("GET", "/todos", headers: failTwice).status }
        #expect(statuses == [503, 503, 200], "the third try succeeds, whichever instance it reached")

        let search = try clients.map { try $0.request("GET", "/search/repositories?q=swift&per_page=5").body }
        #expect(Set(search).count == 1)
        for server in servers {
            #expect(!server.printed.contains("s3cret"), "the password is never logged: \(server.printed)")
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("a database migrated by a newer Counterpart is refused, saying what to do")
    func newerSchemaRefused() async throws {
        let url = try await Self.urlWithPassword()
        let first = try ServerProcess(["serve", "--port", "0", "--database", url])
        _ = try #require(await first.listeningPort(within: .seconds(60)), "\(first.printed)")
        kill(first.process.processIdentifier, SIGTERM)
        #expect(await first.exitStatus() == 0)
        let backend = try await TestPostgres.backend(at: PostgresURL(url))
        _ = try await backend.withConnection { connection in
            try await connection.query(
                "INSERT INTO counterpart_migrations (name) VALUES ('todos-9-from-the-future')",
                logger: connection.logger)
        }
        let refused = try ServerProcess(["serve", "--port", "0", "--database", url])
        let status = await refused.exitStatus(within: .seconds(30))
        #expect(status != nil && status != 0)
        #expect(refused.printed.contains("was migrated by a newer Counterpart"), "\(refused.printed)")
        #expect(refused.printed.contains("todos-9-from-the-future"))
        #expect(!refused.printed.contains("s3cret"))
    }

    /// A fresh database, reached as a user with a password (trust authentication ignores it): the
    /// logs must not show it.
    private static func urlWithPassword() async throws -> String {
        var url = try await TestPostgres.freshDatabase()
        url.password = "s3cret"
        return
            "postgres://\(url.username):\(url.password ?? "")@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
    }
}
