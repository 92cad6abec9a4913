public import HTTPKit
import HTTPTypes
import Synchronization

/// Remembers the answers to requests sent with an `Idempotency-Key` (api.md §1.2).
///
/// Scope is method + path + key. The first request proceeds and its answer is stored (2xx and 4xx
/// except 409 and 429; never 5xx); a repeat with the same body gets that answer again, one while the
/// first is still running gets 409, one with another body (SHA-256 of the raw bytes) gets 422
/// `idempotency-key-reused`. Keys live 24 hours, at most 10,000 of them (least recently used first).
/// Shared by every loop, guarded by a `Mutex`.
public final class IdempotencyStore: Sendable {
    /// What to do with a request that carries a key.
    public enum Decision: Equatable, Sendable {
        /// First time: handle it, then `complete` or `abandon`.
        case proceed
        /// Seen and answered: send this (stored) response again.
        case replay(Response)
        /// The first request with this key has not been answered yet.
        case inFlight
        /// The key was used before with another body.
        case reused
    }

    private struct Record {
        let fingerprint: [UInt8]
        var response: Response?
        var lastUse: Int
        let created: ContinuousClock.Instant
    }

    private struct State {
        var records: [String: Record] = [:]
        var clock = 0
    }

    private let capacity: Int
    private let lifetime: Duration
    private let state = Mutex(State())

    /// Creates a store of at most `capacity` keys, each kept for `lifetime`.
    public init(capacity: Int = 10_000, lifetime: Duration = .seconds(24 * 3600)) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    /// Decides what to do with a request in `scope` whose body has `fingerprint`.
    public func begin(scope: String, fingerprint: [UInt8]) -> Decision {
        let now = ContinuousClock.now
        return state.withLock { state in
            state.clock += 1
            if var record = state.records[scope], now - record.created < lifetime {
                guard record.fingerprint == fingerprint else { return .reused }
                guard let response = record.response else { return .inFlight }
                record.lastUse = state.clock
                state.records[scope] = record
                return .replay(response)
            }
            state.records[scope] = Record(fingerprint: fingerprint, response: nil, lastUse: state.clock, created: now)
            while state.records.count > capacity,
                let oldest = state.records.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.records[oldest.key] = nil
            }
            return .proceed
        }
    }

    /// Records the answer of the request that proceeded in `scope`; answers not worth replaying
    /// (5xx, 409, 429) release the key instead.
    public func complete(scope: String, with response: Response) {
        let storable = Self.isReplayable(response)
        state.withLock { state in
            guard storable else {
                state.records[scope] = nil
                return
            }
            state.records[scope]?.response = response
        }
    }

    /// Whether an answer is stored for replay: 2xx and 4xx except 409 and 429, never 5xx.
    package static func isReplayable(_ response: Response) -> Bool {
        let code = response.status.code
        return (200..<500).contains(code) && code != 409 && code != 429
    }

    /// Releases a key whose request ended without an answer of its own (cancelled).
    public func abandon(scope: String) {
        state.withLock { state in
            if state.records[scope]?.response == nil { state.records[scope] = nil }
        }
    }

    /// Forgets every key (`POST /__admin/reset`); a request still in flight completes into nothing.
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
