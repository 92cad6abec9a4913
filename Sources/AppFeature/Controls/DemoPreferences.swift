import HTTPKit
public import HTTPTypes

/// What one request asks of the demo controls (api.md §6.1), read from `Prefer` (RFC 7240) and the
/// `__*` query twins, a twin beating the header.
///
/// Values are checked here: a malformed or out-of-range value is left out and its reason kept in
/// `ignored` for the log, so it is neither applied nor listed in `Preference-Applied`. Preferences
/// Counterpart does not know (`return=minimal`, `respond-async`) are not its business and pass
/// silently.
public struct DemoPreferences: Sendable, Equatable {
    /// The longest delay a request may ask for, in milliseconds.
    public static let maximumDelay = 8_000
    /// The most failures a scenario may ask for.
    public static let maximumFailures = 10
    /// The statuses an injected failure may have.
    public static let injectableStatuses = 400...599

    /// `delay=800` or `delay=200-800`: milliseconds, a range drawn uniformly (inclusive, seeded).
    public var delay: ClosedRange<Int>?
    /// `status=503`.
    public var status: Int?
    /// `fail=2`: fail the scenario's first two requests.
    public var fail: Int?
    /// `scenario=NAME`: the name `fail` counts under, instead of the request's method, path and query.
    public var scenario: String?
    /// `fault=…`.
    public var fault: DemoFault?
    /// Why given values were not applied (`delay=9000: over the 8000 ms limit`), for the log.
    public var ignored: [String] = []

    /// Reads `headers` and the raw `query`.
    public init(headers: HTTPFields, query: String?) {
        let preferences = Preferences(headers)
        var given: [(name: String, value: String?)] = preferences.entries
        for twin in QueryParameters.controls(in: query ?? "") {
            given.removeAll { $0.name == twin.name }
            given.append((twin.name, twin.value))
        }
        for (name, value) in given {
            read(name, value)
        }
    }

    /// Whether the request asked for a status, failures or a fault: then `--fault-rate` leaves it alone.
    public var asksForFailure: Bool {
        status != nil || fail != nil || fault != nil
    }

    private mutating func read(_ name: String, _ value: String?) {
        switch name {
        case "delay": delay = check(name, value, Self.delayRange)
        case "status": status = check(name, value, Self.status)
        case "fail": fail = check(name, value, Self.failures)
        case "scenario": scenario = check(name, value, Self.scenarioName)
        case "fault": fault = check(name, value) { DemoFault(rawValue: $0).map(Result.success) }
        default: break
        }
    }

    /// `parse(value)`: `nil` when malformed, `.failure(reason)` when out of range.
    private mutating func check<Value>(
        _ name: String, _ value: String?, _ parse: (String) -> Result<Value, RangeReason>?
    ) -> Value? {
        guard let value else {
            ignored.append("\(name): needs a value")
            return nil
        }
        switch parse(value) {
        case .success(let parsed): return parsed
        case .failure(let reason):
            ignored.append("\(name)=\(value): \(reason.text)")
        case nil:
            ignored.append("\(name)=\(value): not a valid value")
        }
        return nil
    }

    /// Why a well-formed value is refused.
    private struct RangeReason: Error {
        let text: String
    }

    private static func delayRange(_ text: String) -> Result<ClosedRange<Int>, RangeReason>? {
        let bounds = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = decimal(bounds[0]), let high = bounds.count == 2 ? decimal(bounds[1]) : low
        else { return nil }
        guard low <= high else { return .failure(RangeReason(text: "the range's start is after its end")) }
        guard high <= maximumDelay else {
            return .failure(RangeReason(text: "over the \(maximumDelay) ms limit"))
        }
        return .success(low...high)
    }

    private static func status(_ text: String) -> Result<Int, RangeReason>? {
        guard let code = decimal(Substring(text)) else { return nil }
        guard injectableStatuses.contains(code) else {
            return .failure(RangeReason(text: "an injected status is 400–599"))
        }
        return .success(code)
    }

    private static func failures(_ text: String) -> Result<Int, RangeReason>? {
        guard let count = decimal(Substring(text)) else { return nil }
        guard (1...maximumFailures).contains(count) else {
            return .failure(RangeReason(text: "fail takes 1–\(maximumFailures)"))
        }
        return .success(count)
    }

    private static func scenarioName(_ text: String) -> Result<String, RangeReason>? {
        let allowed = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        guard allowed, !text.isEmpty else { return nil }
        guard text.utf8.count <= 64 else { return .failure(RangeReason(text: "a scenario name is 1–64 characters")) }
        return .success(text)
    }

    /// A non-negative decimal integer of at most six digits (longer ones are out of every range anyway).
    private static func decimal(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 6, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        return Int(text)
    }
}

/// `fault=…` (api.md §6.1): how a request misbehaves instead of answering normally.
public enum DemoFault: String, Sendable, Equatable {
    /// Read the request, close the connection without an answer.
    case drop
    /// Hold the request until the client leaves or the deadline answers 503.
    case hang
    /// 200 with correct headers and the body cut mid-JSON.
    case malformed
    /// Search only: computed over even ids, `incomplete_results: true`.
    case incomplete
}
