import Glibc
import HTTPKit

/// The `Date` every answer carries (RFC 9110 §6.6.1), formatted once a second per loop.
///
/// Formatting a date costs more than writing the rest of a small answer's head; a loop answers
/// thousands of requests within one second, so it keeps the text until the second changes.
/// Confined to its loop's thread.
final class HTTPDateClock {
    private var second = -1
    private var text = ""

    /// The current time as an IMF-fixdate (`Tue, 25 Nov 2026 17:42:07 GMT`).
    var now: String {
        let current = time(nil)
        if current != second {
            second = current
            text = Timestamp(secondsSince1970: Int64(current)).httpDate
        }
        return text
    }
}
