import ArgumentParser

/// The presenter's controls: demo mode and what it starts with (api.md §6.1–§6.2). Each is also
/// changeable at run time on `/__admin`.
struct DemoOptions: ParsableArguments {
    @Flag(
        help: """
            Demo mode: honour Prefer and the __* controls, journal requests, keep sent mail in the outbox and \
            serve /__admin with its console. Scripts/serve and the Docker image turn it on; without it every \
            control is ignored and /__admin is 404.
            """)
    var dev = false

    @Option(
        help: """
            With --dev: delay every domain request by a seeded draw from this range (200..800ms, or 300ms); \
            a request's Prefer: delay wins.
            """)
    var latency: LatencyArgument?

    @Option(
        help: """
            With --dev: answer this share (0–1) of domain requests 503 injected, seeded by --seed so the same \
            request sequence fails at the same places.
            """)
    var faultRate: Double = 0

    func validate() throws {
        guard (0...1).contains(faultRate) else { throw ValidationError("--fault-rate \(faultRate) is outside 0…1.") }
    }
}
