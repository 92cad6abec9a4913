public import Dependencies

extension DemoControls: DependencyKey {
    /// One set of controls for the process; `serve` installs the one its flags describe.
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
