import AppFeature
import CounterpartTestSupport
import EventHTTP
import Foundation
import Storage
import Testing

/// Requests racing `POST /__admin/reset` on two loops, in process: every answer comes from one whole
/// seed, never an error or a torn list. Nothing waits on a read timeout, so a machine busy with
/// the rest of the suite makes these slower, not red.
@Suite("Requests racing resets, in process")
struct ResetRaceTests {
    @Test("requests racing resets see the seeded list or a changed one, never an error or a torn list")
    func concurrentResets() async throws {
        try await InProcessApp.run(
            dependencies: ResetHTTPTests.dependencies, dev: true, controls: DemoFixtures.controls(),
            configure: { $0.loops = 2 }
        ) { (app: InProcessApp) async throws in
            let seeded = try await app.request("GET", "/todos").text
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for _ in 0..<50 {
                        let reset = try await app.request("POST", "/__admin/reset")
                        #expect(reset.status == 200)
                    }
                }
                group.addTask {
                    let json = [("Content-Type", "application/json")]
                    for _ in 0..<50 {
                        let created = try await app.request(
                            "POST", "/todos", headers: json, body: Array(#"{"description":"racing"}"#.utf8))
                        #expect(created.status == 201)
                        let listed = try await app.request("GET", "/todos")
                        #expect(listed.status == 200)
                        let count = listed.text.components(separatedBy: "\"id\"").count - 1
                        #expect(count >= 4, "the seed is always whole")
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await app.request("POST", "/__admin/reset").status == 200)
            #expect(try await app.request("GET", "/todos").text == seeded)
        }
    }

    @Test("searches and pins racing resets to another seed in a SQLite file answer wholly from one seed")
    func readsRacingReseeds() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await AppDatabase.open(
            .sqliteFile(path: folder.appendingPathComponent("racing.sqlite").path), readers: 2)
        var dependencies = ResetHTTPTests.dependencies
        try database.install(
            into: &dependencies, cache: ResponseCache(capacity: 1 << 20), resettable: true)
        try await InProcessApp.run(
            dependencies: dependencies, dev: true, controls: DemoFixtures.controls(),
            datasets: database.datasets, configure: { $0.loops = 2 }
        ) { (app: InProcessApp) async throws in
            // A search answers from the index its seed's backend loaded, a repository from the table:
            // a call that met one seed's backend and the other's rows would answer neither seed.
            let targets = [
                "/search/repositories?q=swift&per_page=5", "/repos/pointlabs/swift-composable-architecture",
                "/pins?lat=35.6812&lon=139.7671&radius=3000&limit=5",
            ]
            @Sendable func reset(to seed: Int) async throws {
                let reset = try await app.request(
                    "POST", "/__admin/reset", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"seed":\#(seed)}"#.utf8))
                #expect(reset.status == 200 && reset.text.hasPrefix(#"{"seed":\#(seed),"#))
            }
            @Sendable func answers() async throws -> [String] {
                var texts: [String] = []
                for target in targets { texts.append(try await app.request("GET", target).text) }
                return texts
            }
            let first = try await answers()
            try await reset(to: 42)
            let other = try await answers()
            #expect(first[0] != other[0] && first[2] != other[2], "seed 42 has other repositories and pins")
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for seed in [1, 42, 1, 42, 1] { try await reset(to: seed) }
                }
                for _ in 0..<2 {
                    group.addTask {
                        for _ in 0..<60 {
                            for (index, answer) in try await answers().enumerated() {
                                #expect(
                                    answer == first[index] || answer == other[index], "\(targets[index]): \(answer)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await answers() == first, "after the last reset to seed 1, nothing of seed 42 is served")
        }
    }
}
