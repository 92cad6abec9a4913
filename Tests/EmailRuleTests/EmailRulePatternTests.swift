import EmailRule
import Testing

/// The §4.4 pattern, compiled as a client would: Unicode-scalar semantics, so that `.` and the
/// length bounds count scalars as the rule does, not grapheme clusters. (`Regex` is not `Sendable`,
/// so each test compiles its own.)
func compiledPattern() throws -> Regex<AnyRegexOutput> {
    try Regex(EmailRule.pattern).matchingSemantics(.unicodeScalar)
}

/// `input` without space, tab, CR, LF and form feed at either end, written apart from the module's
/// trimming so that the comparison does not share its mistakes.
func trimmedForPattern(_ input: String) -> String {
    let trimmable: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "\u{0C}"]
    var scalars = Array(input.unicodeScalars)
    while let last = scalars.last, trimmable.contains(last) { scalars.removeLast() }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars.drop { trimmable.contains($0) })
    return String(view)
}

/// The pattern's and the rule's answers on `input`, described for a failure message if they disagree.
func disagreement(on input: String, matches: Bool, verdict: Result<EmailAddress, EmailRejection>) -> String? {
    let rule =
        switch verdict {
        case .success(let address): "valid \(escaped(address.normalized))"
        case .failure(let rejection): "invalid (\(rejection.reason.rawValue))"
        }
    let accepted = if case .success = verdict { true } else { false }
    guard matches != accepted else { return nil }
    return "\(escaped(input)): pattern \(matches ? "matches" : "does not match"), rule says \(rule)"
}

@Suite("api.md §4.4 pattern agrees with the rule")
struct EmailRulePatternTests {
    @Test("on every valid vector", arguments: validVectors + edgeValidVectors)
    func valid(_ vector: ValidVector) throws {
        try expectAgreement(on: vector.input)
    }

    @Test("on every invalid vector", arguments: invalidVectors + edgeInvalidVectors)
    func invalid(_ vector: InvalidVector) throws {
        try expectAgreement(on: vector.input)
    }

    @Test("on 100,000 generated strings")
    func generated() async throws {
        let pattern = try compiledPattern()
        var generator = AddressGenerator(seed: 0x4E_6577_734C_6574)
        var statistics = GenerationStatistics()
        var disagreements: [String] = []
        for index in 0..<statistics.total {
            // Seconds of CPU on one of two cooperative threads: let live tests' tasks run between.
            if index % 1_000 == 0 { await Task.yield() }
            let input = generator.next()
            let trimmed = trimmedForPattern(input)
            let verdict = EmailRule.validate(input)
            statistics.record(trimmed, verdict)
            let matches = trimmed.firstMatch(of: pattern) != nil
            if let message = disagreement(on: input, matches: matches, verdict: verdict) {
                disagreements.append(message)
            }
        }
        for message in disagreements.prefix(20) { Issue.record("\(message)") }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements")

        print("Generated \(statistics)")
        let invalid = statistics.total - statistics.valid
        #expect(statistics.valid * 10 >= statistics.total, "only \(statistics.valid) valid")
        #expect(invalid * 10 >= statistics.total, "only \(invalid) invalid")
        #expect(statistics.missingReasons.isEmpty, "never rejected with \(statistics.missingReasons)")
        #expect(statistics.missingBoundaries.isEmpty, "never reached \(statistics.missingBoundaries)")
    }

    /// Expects the pattern, anchored as printed (`firstMatch`) and as a whole match, to accept
    /// the trimmed `input` exactly when the rule does.
    private func expectAgreement(on input: String) throws {
        let pattern = try compiledPattern()
        let trimmed = trimmedForPattern(input)
        let matches = trimmed.firstMatch(of: pattern) != nil
        #expect(matches == (trimmed.wholeMatch(of: pattern) != nil))
        if let message = disagreement(on: input, matches: matches, verdict: EmailRule.validate(input)) {
            Issue.record("\(message)")
        }
    }
}

/// What the generated strings covered: how many were valid, each reason, and the length boundaries.
struct GenerationStatistics: CustomStringConvertible {
    let total = 100_000
    private(set) var valid = 0
    private var reasons: [EmailRejection.Reason: Int] = [:]
    private var boundaries: [String: Int] = [:]

    /// The length boundaries of §4.4, each to be reached on its valid and on its invalid side.
    private static let boundaryNames = [
        "valid local 64", "local_too_long at 65", "valid label 63", "label_too_long at 64",
        "valid total 254", "too_long at 255",
    ]

    /// Counts one generated input, given trimmed, and the rule's verdict on it.
    mutating func record(_ trimmed: String, _ verdict: Result<EmailAddress, EmailRejection>) {
        switch verdict {
        case .success(let address):
            valid += 1
            if address.localPart.utf8.count == 64 { note("valid local 64") }
            if labelLengths(address.domain).contains(63) { note("valid label 63") }
            if address.normalized.utf8.count == 254 { note("valid total 254") }
        case .failure(let rejection):
            reasons[rejection.reason, default: 0] += 1
            let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
            switch rejection.reason {
            case .localTooLong where parts.first?.utf8.count == 65: note("local_too_long at 65")
            case .labelTooLong where labelLengths(parts.last ?? "").contains(64): note("label_too_long at 64")
            case .tooLong where trimmed.utf8.count == 255: note("too_long at 255")
            default: break
            }
        }
    }

    private func labelLengths(_ domain: some StringProtocol) -> [Int] {
        domain.split(separator: ".").map(\.utf8.count)
    }

    private mutating func note(_ boundary: String) {
        boundaries[boundary, default: 0] += 1
    }

    var missingReasons: [EmailRejection.Reason] {
        EmailRejection.Reason.allCases.filter { reasons[$0] == nil }
    }

    var missingBoundaries: [String] {
        Self.boundaryNames.filter { boundaries[$0] == nil }
    }

    var description: String {
        let reasonCounts = EmailRejection.Reason.allCases.map { "\($0.rawValue) \(reasons[$0, default: 0])" }
        let boundaryCounts = Self.boundaryNames.map { "\($0): \(boundaries[$0, default: 0])" }
        let counts = (reasonCounts + boundaryCounts).joined(separator: ", ")
        return "\(total): \(valid) valid, \(total - valid) invalid (\(counts))"
    }
}
