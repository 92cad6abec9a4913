/// An address that passed every check of api.md §4.4, in its normalised form. Only
/// `EmailRule.validate(_:)` makes one, so holding an `EmailAddress` proves the address is valid.
public struct EmailAddress: Hashable, Sendable {
    /// The part before the `@`, with its case kept.
    public let localPart: String

    /// The part after the `@`, lowercased.
    public let domain: String

    /// The address as the API shows it: trimmed, domain lowercased, local part keeping its case.
    public let normalized: String

    /// The fully lowercased address, which identifies a subscriber and keys the per-address limits,
    /// so that `Jane@example.com` and `jane@example.com` are one subscriber.
    public var identity: String {
        "\(ASCII.string(localPart.utf8.map(ASCII.lowercased)))@\(domain)"
    }

    /// An address from parts that already passed the checks; `domain` must already be lowercased.
    init(localPart: String, domain: String) {
        self.localPart = localPart
        self.domain = domain
        normalized = "\(localPart)@\(domain)"
    }
}
