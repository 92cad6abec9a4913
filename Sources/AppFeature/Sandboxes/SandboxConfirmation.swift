public import Storage

/// What the record instances share says of a sandbox when a request confirms it: the generation it
/// is in, and its domains' data versions, read by the same statement so that the request's cached
/// reads need no round trip of their own.
public struct SandboxConfirmation: Sendable, Equatable {
    /// The generation recorded now.
    public let generation: Int64
    /// The sandbox's data versions as of the confirmation.
    public let versions: ConfirmedDataVersions

    public init(generation: Int64, versions: ConfirmedDataVersions) {
        self.generation = generation
        self.versions = versions
    }
}
