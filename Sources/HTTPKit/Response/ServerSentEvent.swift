/// One server-sent event as it goes on the wire (WHATWG HTML §9.2.5, `text/event-stream`).
///
/// No `event:` field: every event arrives at `EventSource.onmessage` and is told apart by its data
/// (one envelope a client decodes with one `Decodable`), as the platform's own clients expect.
public enum ServerSentEvent {
    /// An event: its `id` (what `Last-Event-ID` names on reconnecting) and its `data`, split at
    /// line breaks into one `data:` line each as the format requires.
    public static func event(id: String?, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 64)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            bytes += Array("data: ".utf8)
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Only `retry`: how long a client waits before it reconnects, and nothing to dispatch.
    public static func retry(after delay: Duration) -> [UInt8] {
        Array("retry: \(Int(delay.inMilliseconds))\n\n".utf8)
    }

    /// A comment line, which every client ignores: it keeps a quiet stream's proxies and idle timers
    /// from closing it.
    public static func comment(_ text: String) -> [UInt8] {
        Array(": \(text)\n\n".utf8)
    }
}
