import CounterpartTestSupport
import Foundation
import Testing

@Suite("Todos in a SQLite file, across processes")
struct TodosPersistenceTests {
    @Test("a new file is seeded once; writes survive a restart; an emptied store stays empty")
    func restartKeepsData() async throws {
        let database = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
        var server = try ServerProcess(["serve", "--port", "0", "--database", database])
        var port = try #require(await server.listeningPort(), "\(server.printed)")
        var client = try HTTPClient(port: port)
        #expect(try JSONSerialization.jsonObject(with: Data(client.request("GET", "/todos").body)) as? [Any] != nil)
        let saved = try client.request(
            "POST",
            "/todos",
            body: Array(
                #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","description":"Persist me","isComplete":false}"#.utf8)
        )
        #expect(saved.status == 201)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)

        server = try ServerProcess(["serve", "--port", "0", "--database", database])
        port = try #require(await server.listeningPort(), "\(server.printed)")
        client = try HTTPClient(port: port)
        let listed = try client.request("GET", "/todos").text
        #expect(listed.contains("Persist me"))
        #expect(listed.components(separatedBy: "\"id\"").count - 1 == 5, "four seeded todos plus ours, seeded once")
        #expect(try client.request("DELETE", "/todos").status == 204)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)

        server = try ServerProcess(["serve", "--port", "0", "--database", database])
        port = try #require(await server.listeningPort(), "\(server.printed)")
        #expect(try HTTPClient(port: port).request("GET", "/todos").text == "[]", "never re-seeded")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("a stopped server leaves the whole database in its file: a copy without the log is complete")
    func stoppedServerLeavesOneFile() async throws {
        let directory = try temporaryDirectory()
        let database = directory.appendingPathComponent("todos.sqlite").path
        let server = try ServerProcess(["serve", "--port", "0", "--database", database])
        let client = try HTTPClient(port: try #require(await server.listeningPort(), "\(server.printed)"))
        // A read on a loop opens that loop's own connection, which the stop must close as well.
        #expect(try client.request("GET", "/todos/deadbeef-dead-beef-dead-beefdeadbeef").status == 200)
        let saved = try client.request(
            "POST", "/todos", body: Array(#"{"description":"Copied with the file","isComplete":false}"#.utf8))
        #expect(saved.status == 201)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0, "\(server.printed)")
        #expect(logBytes(beside: database) == 0, "the write-ahead log is back in the file")

        let copy = try temporaryDirectory().appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        #expect(try await todos(servedFrom: copy).contains("Copied with the file"))
    }

    @Test("a file `seed` filled holds its todos alone once the command has exited")
    func seededFileIsWhole() async throws {
        let database = try temporaryDirectory().appendingPathComponent("bench.sqlite").path
        let seed = try ServerProcess(["seed", "--dataset", "bench", "--database", database])
        #expect(await seed.exitStatus() == 0, "\(seed.printed)")
        #expect(seed.printed.contains(": 100 todos, 5000 repositories, 2800 pins."), "what it filled: \(seed.printed)")
        #expect(logBytes(beside: database) == 0, "the write-ahead log is back in the file")
        let copy = try temporaryDirectory().appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        let listed = try await todos(servedFrom: copy)
        #expect(listed.components(separatedBy: "\"id\"").count - 1 == 100, "the bench dataset's hundred todos")
    }

    /// The size of `database`'s write-ahead log; 0 when there is none.
    private func logBytes(beside database: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
    }

    /// `GET /todos` from a server on `database`, stopped again once it answered.
    private func todos(servedFrom database: String) async throws -> String {
        let server = try ServerProcess(["serve", "--port", "0", "--database", database])
        let port = try #require(await server.listeningPort(), "\(server.printed)")
        let listed = try HTTPClient(port: port).request("GET", "/todos").text
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        return listed
    }

    @Test("a second server on the same file refuses to start, naming the lock")
    func lockRefusesSecondServer() async throws {
        let database = try temporaryDirectory().appendingPathComponent("todos.sqlite").path
        let first = try ServerProcess(["serve", "--port", "0", "--database", database])
        _ = try #require(await first.listeningPort())
        let second = try ServerProcess(["serve", "--port", "0", "--database", database])
        let status = await second.exitStatus()
        #expect(status != nil && status != 0)
        #expect(second.printed.contains("Another counterpart process is using"))
        kill(first.process.processIdentifier, SIGTERM)
        #expect(await first.exitStatus() == 0)
    }

    @Test("import into a new file yields exactly the file's todos, order and times kept")
    func importExactly() async throws {
        let directory = try temporaryDirectory()
        let database = directory.appendingPathComponent("imported.sqlite").path
        let file = directory.appendingPathComponent("todos.json")
        let body =
            #"[{"id":"00000000-0000-4000-8000-000000000002","description":"Second","isComplete":true,"order":5,"createdAt":"2025-03-04T05:06:07Z","updatedAt":"2025-03-05T05:06:07Z","url":"http://elsewhere/todos/x"},"#
            + #"{"id":"00000000-0000-4000-8000-000000000001","description":"First","isComplete":false,"order":-3,"createdAt":"2025-01-01T00:00:00.750+01:00","updatedAt":"2025-01-01T00:00:00Z"}]"#
        try Data(body.utf8).write(to: file)
        let importer = try ServerProcess(["import", "--database", database, "--todos", file.path])
        #expect(await importer.exitStatus() == 0, "\(importer.printed)")

        let server = try ServerProcess([
            "serve", "--port", "0", "--database", database, "--public-url", "http://localhost:8080",
        ])
        let port = try #require(await server.listeningPort(), "\(server.printed)")
        let listed = try HTTPClient(port: port).request("GET", "/todos").text
        #expect(
            listed
                == #"[{"id":"00000000-0000-4000-8000-000000000001","description":"First","isComplete":false,"order":-3,"createdAt":"2024-12-31T23:00:00Z","updatedAt":"2025-01-01T00:00:00Z","url":"http://localhost:8080/todos/00000000-0000-4000-8000-000000000001"},"#
                + #"{"id":"00000000-0000-4000-8000-000000000002","description":"Second","isComplete":true,"order":5,"createdAt":"2025-03-04T05:06:07Z","updatedAt":"2025-03-05T05:06:07Z","url":"http://localhost:8080/todos/00000000-0000-4000-8000-000000000002"}]"#
        )
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("import validates every item and imports nothing when one is wrong")
    func importAllOrNothing() async throws {
        let directory = try temporaryDirectory()
        let database = directory.appendingPathComponent("imported.sqlite").path
        let file = directory.appendingPathComponent("bad.json")
        try Data(
            #"[{"id":"00000000-0000-4000-8000-000000000001","description":"ok","isComplete":false,"order":0,"createdAt":"2025-01-01T00:00:00Z","updatedAt":"2025-01-01T00:00:00Z"},{"id":"nope","description":"x","isComplete":1,"order":0,"createdAt":"2025-02-30T00:00:00Z","updatedAt":"2025-01-01T00:00:00Z"}]"#
                .utf8
        ).write(to: file)
        let importer = try ServerProcess(["import", "--database", database, "--todos", file.path])
        let status = await importer.exitStatus()
        #expect(status != nil && status != 0)
        for expected in ["[1].id", "[1].isComplete", "[1].createdAt", "Nothing was imported."] {
            #expect(importer.printed.contains(expected), "missing \(expected) in \(importer.printed)")
        }
        #expect(!importer.printed.contains("[0]."))
        let server = try ServerProcess(["serve", "--port", "0", "--database", database])
        let port = try #require(await server.listeningPort(), "\(server.printed)")
        let listed = try HTTPClient(port: port).request("GET", "/todos").text
        #expect(!listed.contains("\"ok\""), "the valid first item was not imported either")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }

    @Test("seed --dataset bench serves the benchmark's reference bytes")
    func benchDatasetMatchesReference() async throws {
        let reference = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/bench/bodies/todos.json")
        let expected = try #require(
            FileManager.default.contents(atPath: reference.path), "needs ../shared/bench beside the checkout")
        let database = try temporaryDirectory().appendingPathComponent("bench.sqlite").path
        let seeder = try ServerProcess(["seed", "--dataset", "bench", "--database", database])
        #expect(await seeder.exitStatus() == 0, "\(seeder.printed)")
        let server = try ServerProcess([
            "serve", "--port", "0", "--database", database, "--public-url", "http://localhost:8080",
        ])
        let port = try #require(await server.listeningPort(), "\(server.printed)")
        let client = try HTTPClient(port: port)
        #expect(try client.request("GET", "/todos").body == Array(expected))
        let one = try client.request("GET", "/todos/00000000-0000-4000-8000-000000000042")
        let single = try #require(
            FileManager.default.contents(
                atPath: reference.deletingLastPathComponent().appendingPathComponent("todo.json").path))
        #expect(one.body == Array(single))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
    }
}
