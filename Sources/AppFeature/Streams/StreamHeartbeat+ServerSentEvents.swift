public import EventHTTP
import HTTPKit

extension StreamHeartbeat {
    /// A server-sent events comment (`: heartbeat`) every `interval` (`--event-heartbeat`): every
    /// client ignores it, and it keeps nginx's `proxy_read_timeout` and `--idle-timeout` from
    /// closing a quiet stream.
    public static func serverSentEvents(every interval: Duration = .seconds(15)) -> StreamHeartbeat {
        StreamHeartbeat(every: interval, chunk: ServerSentEvent.comment("heartbeat"))
    }
}
