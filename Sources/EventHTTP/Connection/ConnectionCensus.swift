import HTTPKit
import Synchronization

/// Open connections, in total and per client address, across every loop of one server.
///
/// `--max-connections` and `--max-connections-per-client` are enforced here, so a few hundred slow
/// or idle clients cannot take every descriptor the process has: a connection over either limit
/// is answered 503 and closed as soon as it is accepted. Touched once when a connection opens and
/// once when it closes, never per request, so one lock across loops costs nothing measurable.
final class ConnectionCensus: Sendable {
    private let maxConnections: Int
    private let maxPerClient: Int
    private let counts = Mutex<(total: Int, perAddress: [String: Int])>((0, [:]))

    init(maxConnections: Int, maxPerClient: Int) {
        self.maxConnections = maxConnections
        self.maxPerClient = maxPerClient
    }

    /// Counts a connection from `address`, or says which limit refuses it (and does not count it).
    func admit(_ address: String) -> RequestRefusal? {
        counts.withLock { counts in
            if counts.total >= maxConnections {
                return RequestRefusal(
                    .connectionLimit, "The server has \(maxConnections) connections open, its --max-connections.")
            }
            let open = counts.perAddress[address, default: 0]
            if open >= maxPerClient {
                return RequestRefusal(
                    .connectionLimit,
                    "\(address) has \(maxPerClient) connections open, the --max-connections-per-client; reuse them.")
            }
            counts.total += 1
            counts.perAddress[address] = open + 1
            return nil
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let remaining = counts.perAddress[address, default: 1] - 1
            counts.perAddress[address] = remaining > 0 ? remaining : nil
        }
    }
}
