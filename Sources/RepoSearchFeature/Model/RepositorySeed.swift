import SeededRandom
import HTTPKit

/// The seeded repositories (api.md §7): 5,000 under 400 owners, the same for the same seed.
///
/// Distributions follow api.md: languages weighted (Swift ≈ 30 %, 5 % none), stars long-tailed
/// (median ≈ 30, max ≈ 120,000), forks 5–30 % of stars, 10 % forks, 5 % archived, 3 % templates,
/// 15 % without licence, created 2012-01-01…2025-06-30 with pushes and updates before the seed epoch.
/// Repository 1000042 is api.md §3.4's example, `pointlabs/swift-composable-architecture`.
public enum RepositorySeed {
    /// How many repositories and owners the seed makes.
    public static let repositoryCount = 5_000
    public static let ownerCount = 400
    public static let organisationCount = 80

    /// The dataset for `seed` (api.md: default 1).
    public static func repositories(seed: UInt64 = 1) -> [Repository] {
        var random = SplitMix64(seed: seed ^ 0x5EA4_C4E5)
        let owners = makeOwners(&random)
        var namesTaken = Set<String>()
        return (0..<repositoryCount).map { index in
            var repository = makeRepository(index: index, owners: owners, random: &random)
            if index == 42 { repository = example(owner: owners[7]) }
            while !namesTaken.insert(repository.fullName).inserted { repository.name += "-\(index)" }
            return repository
        }
    }

    static let topicWords = [
        "swift", "ios", "macos", "swiftui", "uikit", "architecture", "networking", "database", "sqlite", "testing",
        "concurrency", "async", "json", "parser", "http", "server", "cli", "charts", "animation", "maps", "location",
        "camera", "audio", "video", "ml", "kotlin", "android", "web", "react", "typescript", "golang", "rust", "python",
        "compiler", "graphics", "game", "ui", "design", "accessibility", "security", "crypto", "cache", "storage",
        "sync", "offline", "markdown", "editor", "logging", "metrics", "tracing", "graphql", "grpc", "websocket",
        "auth", "payments", "notifications", "localization", "reducer", "state", "composable",
    ]
    private static let nameWords = [
        "kit", "core", "lite", "swift", "fast", "tiny", "open", "simple", "async", "micro", "flow", "stack", "forge",
        "engine", "bridge", "studio", "lab", "tools", "client", "view", "store", "graph", "sdk", "box",
    ]
    private static let orgStems = [
        "point", "north", "blue", "bright", "cloud", "pixel", "river", "stone", "maple", "cedar", "harbor", "lumen",
        "orbit", "quartz", "signal", "tidal",
    ]
    private static let orgSuffixes = ["labs", "works", "soft", "hq", "studio"]
    private static let firstNames = [
        "anna", "ben", "chloe", "dev", "emma", "finn", "grace", "hiro", "ines", "jonas", "kai", "lena", "mateo",
        "nora", "omar", "priya", "quinn", "rosa", "sami", "theo",
    ]
    private static let languages: [(String?, Int)] = [
        ("Swift", 30), ("Kotlin", 10), ("TypeScript", 10), ("Go", 9), ("Rust", 8), ("Python", 8), ("JavaScript", 8),
        ("C++", 6), ("Ruby", 3), ("Objective-C", 3), (nil, 5),
    ]
    private static let adjectives = ["small", "fast", "friendly", "tested", "modern", "minimal", "typed", "portable"]

    private static func makeOwners(_ random: inout SplitMix64) -> [Owner] {
        var logins: [String] = []
        for stem in orgStems {
            for suffix in orgSuffixes { logins.append(stem + suffix) }
        }
        while logins.count < ownerCount {
            let login = random.pick(firstNames) + "-" + String(random.int(in: 1...999))
            if !logins.contains(login) { logins.append(login) }
        }
        // api.md §3.4's example owner is organisation 10007, pointlabs.
        logins.swapAt(0, 7)
        return logins.enumerated().map { index, login in
            Owner(login: login, id: 10_000 + index, isOrganization: index < organisationCount)
        }
    }

    private static func makeRepository(index: Int, owners: [Owner], random: inout SplitMix64) -> Repository {
        let owner = owners[random.int(in: 0...(owners.count - 1))]
        let topicCount = random.int(in: 1...5)
        var topics = Set<String>()
        while topics.count < topicCount { topics.insert(random.pick(topicWords)) }
        let sortedTopics = topics.sorted()
        let name = [random.pick(sortedTopics), random.pick(nameWords)].joined(separator: "-")
        let stars = Int(pow120k(random.unit()))
        let created = Timestamp(secondsSince1970: 1_325_376_000 + Int64(random.unit() * 425_520_000))
        let epoch = Timestamp.seedEpoch.secondsSince1970
        let pushed = created.secondsSince1970 + Int64(random.unit() * Double(epoch - created.secondsSince1970))
        let updated = pushed + Int64(random.unit() * Double(epoch - pushed))
        let adjective = random.pick(adjectives)
        let hasLicense = random.unit() >= 0.15
        return Repository(
            id: 1_000_000 + index,
            name: name,
            owner: owner,
            description: random.unit() < 0.9
                ? "A \(adjective) \(sortedTopics.joined(separator: " and ")) library." : nil,
            isFork: random.unit() < 0.10,
            isArchived: random.unit() < 0.05,
            isTemplate: random.unit() < 0.03,
            createdAt: created,
            updatedAt: Timestamp(secondsSince1970: updated),
            pushedAt: Timestamp(secondsSince1970: pushed),
            homepage: random.unit() < 0.3 ? "https://\(owner.login).example.com/\(name)" : nil,
            size: random.int(in: 10...60_000),
            stars: stars,
            forks: Int(Double(stars) * (0.05 + 0.25 * random.unit())),
            openIssues: random.int(in: 0...80),
            helpWantedIssues: random.unit() < 0.3 ? random.int(in: 1...20) : 0,
            goodFirstIssues: random.unit() < 0.3 ? random.int(in: 1...10) : 0,
            language: weightedLanguage(random.int(in: 0...99)),
            license: hasLicense ? random.pick(License.all) : nil,
            topics: sortedTopics,
            defaultBranch: created.secondsSince1970 < 1_601_510_400 ? "master" : "main",
            readme: "Use \(name) to build \(adjective) \(sortedTopics.first ?? "swift") apps."
        )
    }

    /// Stars from a uniform number: 120,000^(u^1.75) − 1, median ≈ 30, maximum ≈ 120,000. Built
    /// from square roots and a series, which are exact IEEE operations, so every machine agrees.
    private static func pow120k(_ unit: Double) -> Double {
        let exponent = unit * unit.squareRoot() * unit.squareRoot().squareRoot()
        return max(0, (11.695 * exponent).exponential - 1)
    }

    private static func weightedLanguage(_ draw: Int) -> String? {
        var threshold = 0
        for (language, weight) in languages {
            threshold += weight
            if draw < threshold { return language }
        }
        return nil
    }

    private static func example(owner: Owner) -> Repository {
        Repository(
            id: 1_000_042,
            name: "swift-composable-architecture",
            owner: owner,
            description: "Apps, one state at a time.",
            isFork: false,
            isArchived: false,
            isTemplate: false,
            createdAt: Timestamp(rfc3339: "2019-05-03T14:02:11Z") ?? .seedEpoch,
            updatedAt: Timestamp(rfc3339: "2025-12-30T08:15:40Z") ?? .seedEpoch,
            pushedAt: Timestamp(rfc3339: "2025-12-29T21:03:05Z") ?? .seedEpoch,
            homepage: nil,
            size: 18_230,
            stars: 12_345,
            forks: 1_520,
            openIssues: 23,
            helpWantedIssues: 4,
            goodFirstIssues: 2,
            language: "Swift",
            license: License.all[0],
            topics: ["architecture", "swift", "tca"],
            defaultBranch: "main",
            readme: "The Composable Architecture: reducers, effects and a TestStore."
        )
    }
}

extension Double {
    /// e raised to this number, without Foundation.
    fileprivate var exponential: Double {
        var term = 1.0
        var sum = 1.0
        for index in 1..<60 {
            term *= self / Double(index)
            sum += term
        }
        return sum
    }
}
