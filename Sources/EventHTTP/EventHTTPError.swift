/// Why the HTTP layer could not start.
///
/// Only start-up fails this way (binding, libevent set-up); request-time failures become responses.
public enum EventHTTPError: Error, Equatable, CustomStringConvertible {
    /// libevent refused to create a base or an event.
    case setup(String)
    /// The listening socket could not be created or bound.
    case bind(String)

    public var description: String {
        switch self {
        case .setup(let message), .bind(let message): message
        }
    }
}
