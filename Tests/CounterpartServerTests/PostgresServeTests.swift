#if PostgreSQL
import CounterpartTestSupport
import Foundation
import PostgresNIO
import PostgresStorage
import Storage
import Testing

/// `serve --database postgres://…` as a team runs it: several instances on one database.
@Suite("Serving from PostgreSQL")
struct PostgresServeTests {
    @Test("three instances starting together migrate and seed once, then agree on every answer")
    func instancesAgree() async throws {
        let url = try await Self.urlWithPassword()
        // A first search loads 5,000 repositories: seconds in the debug build, more on a busy machine,
        // so the request deadline is far from what these answers take.
        let servers = try (0..<3).map { _ in
            try Self.serve(url, "--dev", "--request-timeout", "600s")
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
        // Search's window only reports: each instance counts it, no row is written; a sign-up's
        // window can refuse, so it is one row every instance counts against.
        #expect(try await Self.rateWindows(url) == [], "a search writes no window")
        let signUp = try clients[2].request(
            "POST", "/newsletter/subscriptions", headers: [("Content-Type", "application/json")],
            body: Array(#"{"email":"windows@example.com"}"#.utf8))
        #expect(signUp.status == 202)
        #expect(try await Self.rateWindows(url) == ["newsletter", "newsletter-address"])
        for server in servers {
            #expect(!server.printed.contains("s3cret"), "the password is never logged: \(server.printed)")
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("a reset to another seed through one instance: the others adopt the new datasets within seconds")
    func reseedFollowed() async throws {
        let url = try await Self.urlWithPassword()
        // A's reset regenerates 5,000 repositories and 2,800 pins in one transaction, and resets
        // every store: seconds in the debug build, many more while a CI check and the whole suite
        // share two cores. The request deadline bounds the reseed and the PostgreSQL deadlines the
        // rest; here they only guard against a hang.
        let a = try Self.serve(
            url, "--dev", "--request-timeout", "600s", "--postgres-operation-timeout", "300s",
            "--postgres-statement-timeout", "300s")
        let b = try Self.serve(url, "--dev", "--request-timeout", "600s")
        let onA = try HTTPClient(
            port: try #require(await a.listeningPort(within: .seconds(60)), "\(a.printed)"), timeout: .seconds(120))
        let onB = try HTTPClient(port: try #require(await b.listeningPort(within: .seconds(60)), "\(b.printed)"))
        let query = "/search/repositories?q=swift&per_page=5"
        let before = try onB.request("GET", query).body
        #expect(try onA.request("GET", query).body == before)
        let reset = try onA.request(
            "POST", "/__admin/reset", headers: [("Content-Type", "application/json")], body: Array(#"{"seed":7}"#.utf8))
        #expect(reset.status == 200, "\(String(decoding: reset.body, as: UTF8.self))")
        let reseeded = try onA.request("GET", query).body
        #expect(reseeded != before, "seed 7 is other repositories")
        // B looks for another instance's reseed every second and then regenerates its datasets; on
        // two cores busy with the rest of the suite that can take many seconds. The bound only
        // guards against a B that never follows.
        var followed = false
        let giveUp = ContinuousClock.now + .seconds(120)
        while !followed, ContinuousClock.now < giveUp {
            followed = try onB.request("GET", query).body == reseeded
            if !followed { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(followed, "B answers from seed 7 too")
        for server in [a, b] {
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("counterpart migrate applies the steps once and seeds; seed fills the bench todos; no password printed")
    func migrateAndSeed() async throws {
        let url = try await Self.urlWithPassword()
        let first = try ServerProcess(["migrate", "--database", url])
        #expect(await first.exitStatus(within: .seconds(60)) == 0, "\(first.printed)")
        #expect(first.printed.contains("Applied ") && first.printed.contains("seeded the datasets of seed 1"))
        let again = try ServerProcess(["migrate", "--database", url])
        #expect(await again.exitStatus(within: .seconds(60)) == 0)
        #expect(again.printed.contains("nothing to apply"), "\(again.printed)")
        let seeded = try ServerProcess(["seed", "--dataset", "bench", "--database", url])
        #expect(await seeded.exitStatus(within: .seconds(60)) == 0, "\(seeded.printed)")
        for process in [first, again, seeded] {
            #expect(!process.printed.contains("s3cret") && process.printed.contains(":***@"), "\(process.printed)")
            // A command that did its work and ended has nothing to warn about: stopping is not a failure.
            #expect(!process.printed.contains(" warning "), "\(process.printed)")
        }
        let server = try Self.serve(url)
        let port = try #require(await server.listeningPort(within: .seconds(60)), "\(server.printed)")
        let todos = try HTTPClient(port: port).request("GET", "/todos?per_page=100")
        #expect(try (JSONSerialization.jsonObject(with: Data(todos.body)) as? [Any])?.count == 100)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test(
        "--help of every command that takes --database masks DATABASE_URL's password in the default it shows",
        arguments: ["serve", "migrate", "seed", "import"])
    func helpMasksThePassword(_ command: String) async throws {
        let help = try ServerProcess(
            [command, "--help"], environment: ["DATABASE_URL": "postgres://demo:hunter2@db.example:5432/counterpart"])
        #expect(await help.exitStatus() == 0)
        #expect(help.printed.contains("postgres://demo:***@db.example:5432/counterpart"), "\(help.printed)")
        #expect(!help.printed.contains("hunter2"), "\(help.printed)")
    }

    @Test("a database migrated by a newer Counterpart is refused, saying what to do")
    func newerSchemaRefused() async throws {
        let url = try await Self.urlWithPassword()
        let first = try Self.serve(url)
        _ = try #require(await first.listeningPort(within: .seconds(60)), "\(first.printed)")
        kill(first.process.processIdentifier, SIGTERM)
        #expect(await first.exitStatus() == 0)
        let backend = try await TestPostgres.backend(at: PostgresURL(url))
        _ = try await backend.withConnection { connection in
            try await connection.query(
                "INSERT INTO counterpart_migrations (name) VALUES ('todos-9-from-the-future')",
                logger: connection.logger)
        }
        let refused = try Self.serve(url)
        let status = await refused.exitStatus(within: .seconds(30))
        #expect(status != nil && status != 0)
        #expect(refused.printed.contains("was migrated by a newer Counterpart"), "\(refused.printed)")
        #expect(refused.printed.contains("todos-9-from-the-future"))
        #expect(!refused.printed.contains("s3cret"))
    }

    @Test("an instance opens its --postgres-connections at start and keeps them, idle")
    func connectionsKeptOpen() async throws {
        let url = try await TestPostgres.freshDatabase()
        let server = try ServerProcess(
            [
                "serve", "--port", "0", "--database",
                "postgres://\(url.username)@\(url.host):\(url.port)/\(url.database)?sslmode=disable",
                "--postgres-connections", "3",
            ])
        #expect(await server.listeningPort(within: .seconds(60)) != nil, "\(server.printed)")
        let backend = try await TestPostgres.backend(at: url)
        defer { Task { await backend.stop() } }
        // Polled within a bound that only stops a hang: the pool opens them in the background.
        var open = 0
        for _ in 0..<600 {
            open = try await backend.withConnection { connection in
                let rows = try await connection.query(
                    """
                    SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()
                    AND application_name = 'counterpart' AND pid <> pg_backend_pid()
                    """, logger: connection.logger)
                return try await rows.collect().first?.decode(Int.self) ?? 0
            }
            if open == 3 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(open == 3, "the server holds \(open) connections, not its 3")
    }

    /// `serve` on `url` with `options` and a pool of two: at the default ten, this suite's servers
    /// and the other suites' pools together passed the test cluster's 200 connections.
    private static func serve(_ url: String, _ options: String...) throws -> ServerProcess {
        try ServerProcess(["serve", "--port", "0", "--database", url, "--postgres-connections", "2"] + options)
    }

    /// The resources of the rate windows stored in `url`'s database, in order.
    private static func rateWindows(_ url: String) async throws -> [String] {
        let backend = try await TestPostgres.backend(at: try PostgresURL(url))
        defer { Task { await backend.stop() } }
        return try await backend.withConnection { connection in
            var resources: [String] = []
            let rows = try await connection.query(
                "SELECT resource FROM rate_windows ORDER BY resource", logger: connection.logger)
            for try await resource in rows.decode(String.self) { resources.append(resource) }
            return resources
        }
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

/// The database going away under a running server, on a PostgreSQL server of the test's own.
@Suite("PostgreSQL restarted under a running server")
struct PostgresRestartTests {
    @Test("while it is down: 503 problems within the operation timeout, health still 200; back: served again")
    func restart() async throws {
        let folder = try temporaryDirectory().appendingPathComponent("postgres").path
        try await OwnPostgres.run(in: folder) { postgres throws in
            let server = try ServerProcess([
                "serve", "--port", "0", "--database", postgres.url, "--postgres-operation-timeout", "1s",
            ])
            let port = try #require(await server.listeningPort(within: .seconds(60)), "\(server.printed)")
            let client = try HTTPClient(port: port)
            #expect(try client.request("GET", "/todos").status == 200)

            try await postgres.stop()
            let read = try client.request("GET", "/todos")
            #expect(read.status == 503 && read.header("Retry-After") != nil, "\(read.status)")
            let write = try client.request("POST", "/todos", body: Array(#"{"description":"lost?"}"#.utf8))
            #expect(write.status == 503)
            #expect(try client.request("GET", "/health").status == 200, "the process stays up")
            // The operator learns why, once for both 503s (one line every 10 s while it lasts).
            let outage = "answered 503: the database could not serve the request"
            for _ in 0..<100 where !server.printed.contains(outage) { try await Task.sleep(for: .milliseconds(50)) }
            let warnings = server.printed.split(separator: "\n").filter { $0.contains(outage) }
            #expect(warnings.count == 1, "\(server.printed)")
            #expect(warnings.first?.contains("PostgreSQL") == true, "the line says what failed: \(warnings)")

            try await postgres.restart()
            var status = 0
            for _ in 0..<100 where status != 200 {
                status = Int(try client.request("GET", "/todos").status)
                if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(status == 200, "the pool reconnects by itself")
            let todos = try client.request("GET", "/todos")
            #expect(
                !String(decoding: todos.body, as: UTF8.self).contains("lost?"), "the failed write wrote nothing")
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("serve started before its database waits for it, then migrates and serves (compose's start order)")
    func startsBeforeTheDatabase() async throws {
        let folder = try temporaryDirectory().appendingPathComponent("postgres").path
        try await OwnPostgres.run(in: folder) { postgres throws in
            try await postgres.stop()
            let server = try ServerProcess([
                "serve", "--port", "0", "--database", postgres.url, "--postgres-startup-wait", "60s",
            ])
            var waited = false
            for _ in 0..<100 where !waited {
                waited = server.printed.contains("PostgreSQL is not accepting connections yet")
                if !waited { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(waited, "it says what it waits for: \(server.printed)")
            #expect(
                server.process.isRunning && !server.printed.contains("port="), "it neither exits nor listens yet")
            try await postgres.restart()
            let port = try #require(await server.listeningPort(within: .seconds(60)), "\(server.printed)")
            let todos = try HTTPClient(port: port).request("GET", "/todos")
            #expect(todos.status == 200 && String(decoding: todos.body, as: UTF8.self).contains("Buy Milk"))
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
    }

    @Test("a database that is still unreachable after --postgres-startup-wait stops serve, naming it")
    func givesUpAfterTheWait() async throws {
        let folder = try temporaryDirectory().appendingPathComponent("postgres").path
        try await OwnPostgres.run(in: folder) { postgres throws in
            try await postgres.stop()
            let server = try ServerProcess([
                "serve", "--port", "0", "--database", postgres.url, "--postgres-startup-wait", "1s",
                "--postgres-operation-timeout", "1s",
            ])
            #expect(await server.exitStatus(within: .seconds(30)) == 1, "\(server.printed)")
            #expect(server.printed.contains("cannot open the database"), "\(server.printed)")
        }
    }
}
#endif
