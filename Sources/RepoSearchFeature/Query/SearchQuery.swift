public import HTTPKit

/// A parsed `q` (api.md §3.2): keywords, the fields they search, and qualifier conditions.
public struct SearchQuery: Sendable, Equatable {
    /// Keywords every result must match (a quoted or multi-token keyword is a phrase).
    public var keywords: [Keyword] = []
    /// Keywords no result may match (`NOT word`).
    public var excludedKeywords: [Keyword] = []
    /// The fields keywords search (`in:`); name, description and topics by default.
    public var fields: Set<SearchField> = [.name, .description, .topics]
    /// Qualifier conditions; `negated` ones exclude.
    public var conditions: [Condition] = []
    /// Whether forks are left out (the default), included (`fork:true`) or required (`fork:only`).
    public var forks: ForkMode = .excluded
    /// `fault=incomplete` (api.md §6.1): only repositories with even ids are searched, and the page
    /// says `incomplete_results: true`, as GitHub does when a search times out.
    public var evenIDsOnly = false

    /// Creates an empty query (every non-fork repository, best match).
    public init() {}

    /// A keyword: one or more lowercase tokens; several tokens must appear consecutively.
    public struct Keyword: Sendable, Equatable {
        /// The tokens, lowercased.
        public var tokens: [String]
    }

    /// One qualifier, possibly negated.
    public struct Condition: Sendable, Equatable {
        /// What it tests.
        public var predicate: Predicate
        /// Whether it excludes instead (`-qual:v`, `NOT qual:v`).
        public var negated: Bool

        /// Creates a condition.
        public init(predicate: Predicate, negated: Bool) {
            self.predicate = predicate
            self.negated = negated
        }
    }

    /// What a qualifier tests.
    public enum Predicate: Sendable, Equatable {
        case language(String), license(String), user(String), organisation(String), repository(String)
        case topic(String)
        case stars(Range), forks(Range), size(Range), topicCount(Range), goodFirstIssues(Range)
        case helpWantedIssues(Range)
        case created(TimeRange), pushed(TimeRange)
        case archived(Bool), template(Bool), mirror(Bool), isPublic(Bool)
    }

    /// An inclusive integer range; `nil` ends are open.
    public struct Range: Sendable, Equatable {
        public var lower: Int?
        public var upper: Int?

        /// Creates a range.
        public init(lower: Int?, upper: Int?) {
            self.lower = lower
            self.upper = upper
        }

        /// Whether `value` is inside.
        public func contains(_ value: Int) -> Bool {
            (lower.map { value >= $0 } ?? true) && (upper.map { value <= $0 } ?? true)
        }
    }

    /// A half-open time range in Unix seconds; `nil` ends are open.
    public struct TimeRange: Sendable, Equatable {
        public var from: Int64?
        public var before: Int64?

        /// Creates a range.
        public init(from: Int64?, before: Int64?) {
            self.from = from
            self.before = before
        }

        /// Whether `time` is inside.
        public func contains(_ time: Timestamp) -> Bool {
            (from.map { time.secondsSince1970 >= $0 } ?? true) && (before.map { time.secondsSince1970 < $0 } ?? true)
        }
    }

    /// How forks are treated.
    public enum ForkMode: Sendable, Equatable {
        case excluded, included, only
    }
}

/// A field keywords can search, with its weight in the score (api.md §3.3).
public enum SearchField: String, Sendable, Hashable, CaseIterable {
    case name, description, topics, readme

    /// name 5, topics 3, description 2, readme 1.
    var weight: Double {
        switch self {
        case .name: 5
        case .topics: 3
        case .description: 2
        case .readme: 1
        }
    }
}
