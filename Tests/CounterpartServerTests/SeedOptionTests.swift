import CounterpartTestSupport
import Foundation
import Testing

@Suite("--seed: the generated data follows the seed, and a database keeps its first fill")
struct SeedOptionTests {
    /// The first page of a broad search and of the pins around Tokyo: enough to tell two seeds apart.
    private func sample(_ arguments: [String]) async throws -> String {
        let server = try ServerProcess(["serve", "--port", "0"] + arguments)
        let port = try #require(await server.listeningPort(), "\(server.printed)")
        let client = try HTTPClient(port: port)
        let search = try client.request("GET", "/search/repositories?q=stars:%3E=0&per_page=3")
        let pins = try client.request("GET", "/pins?lat=35.6812&lon=139.7671&radius=2000&limit=5")
        #expect(search.status == 200 && pins.status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0, "the next server may open the same file")
        return search.text + "\n" + pins.text
    }

    @Test("the same seed answers the same on every run; another seed answers differently, anchors kept")
    func seedSelectsTheData() async throws {
        let first = try await sample(["--database", "memory", "--seed", "7"])
        let again = try await sample(["--database", "memory", "--seed", "7"])
        let other = try await sample(["--database", "memory", "--seed", "8"])
        #expect(first == again)
        #expect(first != other)
        for answer in [first, other] {
            #expect(
                answer.contains("c17e0000-0000-4000-8000-000000000001"), "Tokyo's anchor is the same for every seed")
        }
        #expect(try await sample(["--database", "memory"]) == sample(["--database", "memory", "--seed", "1"]))
    }

    @Test("a SQLite file filled with one seed keeps that data when served with another")
    func fileKeepsItsFirstSeed() async throws {
        let database = try temporaryDirectory().appendingPathComponent("seeded.sqlite").path
        let filled = try await sample(["--database", database, "--seed", "7"])
        #expect(try await sample(["--database", database, "--seed", "8"]) == filled)
        let server = try ServerProcess(["serve", "--port", "0", "--database", database, "--seed", "8"])
        _ = try #require(await server.listeningPort(), "\(server.printed)")
        #expect(server.printed.contains("filled from seed 7 and keeps it; --seed 8 applies to a new"))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(await server.exitStatus() == 0)
        #expect(try await sample(["--database", "memory", "--seed", "7"]) == filled)
    }

    @Test("a reset to another seed regenerates the repositories and pins, in memory and in a file that keeps it")
    func resetToAnotherSeed() async throws {
        let expected = try await sample(["--database", "memory", "--seed", "8"])
        let database = try temporaryDirectory().appendingPathComponent("reseeded.sqlite").path
        for arguments in [["--database", "memory"], ["--database", database]] {
            let server = try ServerProcess(["serve", "--port", "0", "--dev"] + arguments)
            let port = try #require(await server.listeningPort(), "\(server.printed)")
            let client = try HTTPClient(port: port)
            _ = try client.request("GET", "/search/repositories?q=stars:%3E=0&per_page=3")
            let reset = try client.request(
                "POST", "/__admin/reset", headers: [("Content-Type", "application/json")],
                body: Array(#"{"seed":8}"#.utf8))
            #expect(reset.text == #"{"seed":8,"todos":4,"repositories":5000,"pins":2800,"subscribers":3}"#)
            let search = try client.request("GET", "/search/repositories?q=stars:%3E=0&per_page=3")
            let pins = try client.request("GET", "/pins?lat=35.6812&lon=139.7671&radius=2000&limit=5")
            #expect(search.text + "\n" + pins.text == expected, "\(arguments): the cached seed-1 page is gone too")
            kill(server.process.processIdentifier, SIGTERM)
            #expect(await server.exitStatus() == 0)
        }
        #expect(try await sample(["--database", database]) == expected, "the file keeps the seed it was reset to")
    }
}
