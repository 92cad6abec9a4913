import AppFeature
import EventHTTP
import TodosFeature

/// Live updates (`GET /todos/events`, the console's journal): how many streams the server holds, how they keep alive, and
/// how far back a reconnecting client can resume.
struct StreamOptions {
    var maxStreamsPerLoop = StreamLimits().perLoop
    var maxStreamsPerClient = StreamLimits().perClient
    var eventHistory = TodoEventSettings().historyLength
    var eventHeartbeat = DurationArgument(StreamHeartbeat.serverSentEvents().interval)
    var eventRetry = DurationArgument(TodoEventSettings().retry)

    /// These options, as `serve`'s table lists them (`Serve.sections`).
    static var section: OptionSection {
        OptionSection(
            title: "Live updates (GET /todos/events)",
            options: [
                .value(
                    "max-streams-per-loop", \.streams.maxStreamsPerLoop,
                    help:
                        "Streams one event loop holds open; beyond it a client is told to retry later (200 with retry:)."
                ),
                .value(
                    "max-streams-per-client", \.streams.maxStreamsPerClient,
                    help: "Streams one client address holds open across loops; beyond it, told to retry later."),
                .value(
                    "event-history", \.streams.eventHistory,
                    help: """
                        Events each sandbox keeps for clients that reconnect with Last-Event-ID (on PostgreSQL, in \
                        the shared todo_events table); older ones are told to refetch.
                        """),
                .value(
                    "event-heartbeat", \.streams.eventHeartbeat,
                    help:
                        "How often every open stream is sent a comment, so proxies and idle timers keep a quiet one open."
                ),
                .value(
                    "event-retry", \.streams.eventRetry,
                    help: "How long a client waits before reconnecting a stream that ended (retry:)."),
            ])
    }

    /// Refuses a value out of range, naming its option.
    func validate() throws(UsageError) {
        guard maxStreamsPerLoop >= 0, maxStreamsPerClient >= 0 else {
            throw UsageError("--max-streams-per-loop and --max-streams-per-client must be 0 or more.")
        }
        guard eventHistory >= 1 else { throw UsageError("--event-history must be at least 1.") }
        guard eventHeartbeat.duration >= .seconds(1) else {
            throw UsageError("--event-heartbeat must be at least 1s.")
        }
    }

    /// The limits the stream stage enforces.
    var limits: StreamLimits {
        StreamLimits(perLoop: maxStreamsPerLoop, perClient: maxStreamsPerClient)
    }

    /// How the todo streams behave.
    var todoEvents: TodoEventSettings {
        TodoEventSettings(retry: eventRetry.duration, historyLength: eventHistory)
    }

    /// What the HTTP layer sends every open stream while it is quiet.
    var heartbeat: StreamHeartbeat { .serverSentEvents(every: eventHeartbeat.duration) }
}
