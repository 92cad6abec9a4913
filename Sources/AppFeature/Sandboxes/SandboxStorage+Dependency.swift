public import Dependencies

extension SandboxStorage: DependencyKey {
    /// In memory until the server's bootstrap installs the one `--database` opened.
    public static let liveValue = SandboxStorage.inMemory()
    /// In memory: each sandbox a test creates gets fresh in-memory stores.
    public static let testValue = SandboxStorage.inMemory()
}

extension DependencyValues {
    /// Where sandboxes besides the default one keep their data.
    public var sandboxStorage: SandboxStorage {
        get { self[SandboxStorage.self] }
        set { self[SandboxStorage.self] = newValue }
    }
}
