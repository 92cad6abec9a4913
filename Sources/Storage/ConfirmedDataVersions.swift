/// The data versions of one sandbox's domains as the statement that confirmed the sandbox for a
/// request read them (PostgreSQL, where instances share sandboxes): that request's reads of a
/// shared version take them from here instead of asking the database again, so a cached answer in
/// a named sandbox costs one round trip, the confirmation, not two.
///
/// Bound (`$current`) around the request's run on its loop; the effects it starts inherit it. Read
/// before the request's reducer runs, they are as fresh as a read from the reducer would be: every
/// write answered before the request arrived is counted.
public struct ConfirmedDataVersions: Sendable, Equatable {
    /// The sandbox the versions are of (its rows' `sandbox` key).
    public let sandbox: String
    /// Each domain's version; a domain never written has none recorded, which is version 0.
    public let versions: [String: Int]

    public init(sandbox: String, versions: [String: Int]) {
        self.sandbox = sandbox
        self.versions = versions
    }

    /// The confirmed versions of the request running now, if its sandbox was confirmed.
    @TaskLocal public static var current: ConfirmedDataVersions?

    /// `domain`'s version in `sandbox` as confirmed for the running request; `nil` when that is not
    /// the sandbox confirmed (or none was).
    public static func version(of domain: String, in sandbox: String) -> Int? {
        guard let confirmed = current, confirmed.sandbox == sandbox else { return nil }
        return confirmed.versions[domain] ?? 0
    }
}
