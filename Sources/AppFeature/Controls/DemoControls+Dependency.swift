public import Dependencies

extension DemoControls: DependencyKey {
    /// The default sandbox's controls; `serve` installs the ones its flags describe, and each
    /// sandbox makes its own from them (`sandboxed(_:seed:journalCapacity:)`).
    public static let liveValue = DemoControls()
    public static var testValue: DemoControls { DemoControls() }
}

extension DependencyValues {
    /// The demo controls the pipeline applies and `/__admin` shows and changes (`--dev`).
    public var demoControls: DemoControls {
        get { self[DemoControls.self] }
        set { self[DemoControls.self] = newValue }
    }
}
