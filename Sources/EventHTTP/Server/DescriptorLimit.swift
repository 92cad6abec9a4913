import Glibc

/// The process's open-file limit, raised so `--max-connections` can be reached.
///
/// Each connection holds a descriptor; the soft limit is often 1,024 (systemd, many shells) while
/// the hard one is far higher. Raising the soft limit is allowed without privileges; when even the
/// hard limit is too low, the server says so at start instead of failing `accept` under load.
enum DescriptorLimit {
    /// Descriptors kept for everything but connections: listeners, the database, logs, libevent.
    static let reserve = 64

    /// Raises the soft limit to fit `connections`; returns a warning when it cannot.
    static func ensure(room connections: Int) -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let needed = rlim_t(connections + reserve)
        guard limit.rlim_cur < needed else { return nil }
        limit.rlim_cur = min(needed, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        guard limit.rlim_cur < needed else { return nil }
        return "The open-file limit (\(limit.rlim_max)) leaves room for fewer than --max-connections \(connections) "
            + "connections; lower --max-connections or raise the limit (ulimit -n, docker run --ulimit nofile=…)."
    }
}
