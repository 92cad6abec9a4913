public import Dependencies
public import HTTPKit
import Synchronization

/// Finished GET responses, kept until the data they show changes (architecture.md §5).
///
/// Keyed by the canonical request (base URL included) and the domain's data version, so a write —
/// which bumps the version — makes every older entry unreachable; the reducer reads the version
/// *before* querying, so a write racing a read can only orphan an entry, never serve stale data.
/// Least recently used entries go first once the bodies exceed `capacity` bytes; capacity 0 turns
/// the cache off. Shared by every loop, guarded by a `Mutex`; reducers use it synchronously, so a
/// hit is answered on the fast path.
public final class ResponseCache: Sendable {
    /// The byte budget for cached bodies.
    public let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock = 0
        var hits = 0
        var misses = 0
    }

    /// A reference, so that a hit reads its response and marks its use without copying the entry.
    private final class Entry {
        let version: Int
        let response: Response
        var lastUse: Int

        init(version: Int, response: Response, lastUse: Int) {
            self.version = version
            self.response = response
            self.lastUse = lastUse
        }
    }

    /// Creates a cache of `capacity` bytes (0: disabled).
    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// A cache that stores nothing.
    public static let disabled = ResponseCache(capacity: 0)

    /// Whether the cache stores anything: a reducer skips making keys for a cache that is off.
    public var isEnabled: Bool { capacity > 0 }

    /// The response stored for `key` at data `version`, if any.
    public func response(for key: String, version: Int) -> Response? {
        guard capacity > 0 else { return nil }
        return state.withLock { state in
            guard let entry = state.entries[key], entry.version == version else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            state.clock += 1
            entry.lastUse = state.clock
            return entry.response
        }
    }

    /// Drops every entry (`POST /__admin/reset`, whose stores may start their versions again);
    /// the lookup counts stay.
    public func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.bytes = 0
        }
    }

    /// Lookups answered from the cache and lookups that found nothing, since start (`/metrics`);
    /// both stay 0 while the cache is off.
    public var lookups: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }

    /// Stores `response` (which should carry its `ETag`) for `key` at data `version`; a large body
    /// in storage of its own, which every connection answered from the entry then references
    /// rather than copies (`ResponseBody.sharing()`).
    public func store(_ response: Response, for key: String, version: Int) {
        let size = response.body.count + key.utf8.count
        guard capacity > 0, size <= capacity / 4 else { return }
        var response = response
        response.body = response.body.sharing()
        state.withLock { state in
            if let old = state.entries[key] {
                state.bytes -= old.response.body.count + key.utf8.count
            }
            state.clock += 1
            state.entries[key] = Entry(version: version, response: response, lastUse: state.clock)
            state.bytes += size
            while state.bytes > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.response.body.count + oldest.key.utf8.count
            }
        }
    }

    /// How many bytes the cached bodies and keys take.
    public var storedBytes: Int { state.withLock { $0.bytes } }
}

extension ResponseCache: DependencyKey {
    /// Off until the server's bootstrap installs one sized by `--response-cache-bytes`.
    public static let liveValue = ResponseCache.disabled
    /// Off in tests, so reducer tests see every repository call; cache tests install their own.
    public static let testValue = ResponseCache.disabled
}

extension DependencyValues {
    /// The shared cache of finished GET responses.
    public var responseCache: ResponseCache {
        get { self[ResponseCache.self] }
        set { self[ResponseCache.self] = newValue }
    }
}
