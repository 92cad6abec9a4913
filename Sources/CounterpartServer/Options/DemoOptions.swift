/// The presenter's controls: demo mode and what it starts with (api.md §6.1–§6.2). Each is also
/// changeable at run time on `/__admin`.
struct DemoOptions {
    var dev = false
    var latency: LatencyArgument?
    var faultRate: Double = 0

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "Demo controls",
            options: [
                .flag(
                    "dev", \.demo.dev,
                    help: """
                        Demo mode: honour Prefer and the __* controls, journal requests, keep sent mail in the outbox \
                        and serve /__admin with its console. Scripts/serve and the Docker image turn it on; without it \
                        every control is ignored and /__admin is 404.
                        """),
                .value(
                    "latency", \.demo.latency,
                    help: """
                        With --dev: delay every domain request by a seeded draw from this range (200..800ms, or \
                        300ms); a request's Prefer: delay wins.
                        """),
                .value(
                    "fault-rate", \.demo.faultRate,
                    help: """
                        With --dev: answer this share (0–1) of domain requests 503 injected, seeded by --seed so the \
                        same request sequence fails at the same places.
                        """),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard (0...1).contains(faultRate) else { throw UsageError("--fault-rate \(faultRate) is outside 0…1.") }
    }
}
