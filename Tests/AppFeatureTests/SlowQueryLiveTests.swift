import CounterpartTestSupport
import Dependencies
import EventHTTP
import Foundation
import GRDB
import Storage
import Synchronization
import Testing
import TodosFeature

/// A SQL function that blocks its reader until the test releases it: a query exactly as slow as
/// the test wants, without timing (30 s at most, so a failing test cannot hang the suite).
final class HeldQuery: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let started = Mutex(0)

    /// How many queries have reached `hold()`.
    var startedCount: Int { started.withLock { $0 } }

    /// Registers `hold()` on every connection the configuration opens.
    func install(in configuration: inout Configuration) {
        configuration.prepareDatabase { db in
            db.add(
                function: DatabaseFunction("hold", argumentCount: 0, pure: false) { _ in
                    self.started.withLock { $0 += 1 }
                    _ = self.released.wait(timeout: .now() + 30)
                    return 1
                })
        }
    }

    /// Lets every held query finish.
    func release(_ count: Int) {
        for _ in 0..<count { released.signal() }
    }
}

@Suite("Live: a slow query never stalls its loop")
struct SlowQueryLiveTests {
    @Test("while a repository call holds a query on GRDB's readers, the one loop answers other requests")
    func slowQueryLeavesTheLoopFree() async throws {
        let held = HeldQuery()
        var configuration = Configuration()
        held.install(in: &configuration)
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try DatabasePool(
            path: folder.appendingPathComponent("slow.sqlite").path, configuration: configuration)

        var todos = TodoRepository.inMemory(seed: TodosSeed.demo)
        // The list stands for unbounded work: it runs on GRDB's reader queue, never on the loop.
        todos.list = { _ in
            _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT hold()") }
            return []
        }
        var dependencies = TodosHTTPTests.dependencies()
        dependencies.todoRepository = todos

        try await LiveServer.runApp(dependencies: dependencies, configure: { $0.loops = 1 }) { _, port in
            // Lets a held query go even when an expectation below throws, so the server can stop.
            defer { held.release(1) }
            let slow = try HTTPClient(port: port)
            try slow.send("GET", "/todos")
            #expect(await eventually { held.startedCount == 1 }, "the slow query started")
            // A loop blocked by the query would leave these unanswered until it is released: past the
            // client's timeout (30 s), however loaded the machine.
            let other = try HTTPClient(port: port)
            for _ in 0..<20 {
                #expect(try other.request("GET", "/health").status == 200)
                #expect(try other.request("GET", "/todos/deadbeef-dead-beef-dead-beefdeadbeef").status == 200)
            }
            #expect(held.startedCount == 1, "the query is still held while 40 other requests were answered")
            held.release(1)
            let answer = try slow.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == "[]")
        }
    }

    @Test("a read that completes on the loop, without suspending, is reported as repo;dur")
    func readOnTheLoopIsTimed() async throws {
        var todos = TodoRepository.inMemory(seed: TodosSeed.demo)
        let fetch = todos.fetch
        // A bounded read that takes 30 ms and never suspends, as a read on the loop's connection.
        todos.fetch = { id in
            usleep(30_000)
            return try await fetch(id)
        }
        var dependencies = TodosHTTPTests.dependencies()
        dependencies.todoRepository = todos
        try await LiveServer.runApp(dependencies: dependencies) { _, port in
            let answer = try HTTPClient(port: port).request("GET", "/todos/deadbeef-dead-beef-dead-beefdeadbeef")
            #expect(answer.status == 200)
            let timing = ServerTimingMetrics(answer.header("Server-Timing"))
            #expect((timing.repo ?? 0) >= 30, "Server-Timing: \(timing)")
            #expect((timing.app ?? .infinity) < 30, "the read's 30 ms are repo's, not app's: \(timing)")
        }
    }
}
