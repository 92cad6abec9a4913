// Times the phases of an uncached search outside the server, where the event loop, the network and
// other requests cannot blur them: a repository's `search` (the in-process index every backend
// searches, loaded from the SQLite file given as the first argument) and rendering the first 30
// results as GitHub's JSON with their ETag. Scripts/bench runs it; BENCHMARKS.md
// quotes it. Prints the 10th percentile and the median of each, in microseconds.
import GRDB
import Glibc
import HTTPKit
import RepoSearchFeature
import Storage

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: SearchPhases DATABASE.sqlite [RUNS]   (a file `counterpart seed --dataset bench` filled)")
    exit(64)
}
let runs = arguments.count > 2 ? max(10, Int(arguments[2]) ?? 1_000) : 1_000
let database = try SQLiteDatabase.open(.sqliteFile(path: arguments[1]), migrations: RepoSearchMigrations.all)
let repository = RepoSearchRepository.sqlite(database)
let links = RepositoryLinks(baseURL: "http://localhost:8080")

/// The 10th percentile and the median of `runs` timings of `body`, in microseconds.
func percentiles(_ body: () async throws -> Void) async rethrows -> (p10: Double, p50: Double) {
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    samples.sort()
    return (samples[runs / 10], samples[runs / 2])
}

func format(_ timing: (p10: Double, p50: Double)) -> String {
    "\(Int(timing.p10.rounded()))/\(Int(timing.p50.rounded()))"
}

print("phase timings, µs (p10/p50 of \(runs) runs)")
for q in ["swift", "language:swift stars:>100 topic:ios", "composable architecture", "stars:>=0", "topic:cli"] {
    let query = try SearchQueryParser.parse(q)
    let page = try await repository.search(query, .bestMatch, 0, 30)  // loads the index first
    let search = try await percentiles { _ = try await repository.search(query, .bestMatch, 0, 30) }
    let items = page.items
    let render = await percentiles {
        var writer = JSONWriter(capacity: 6_000 * max(1, items.count))
        writer.array(items) {
            RepositoryRepresentation($1.repository, links: links, form: .searchResult(score: $1.score)).write(to: &$0)
        }
        _ = EntityTag.strong(for: writer.bytes)
    }
    print("q=\(q)  search \(format(search))  render+etag \(format(render))  (\(page.total) matches)")
}
