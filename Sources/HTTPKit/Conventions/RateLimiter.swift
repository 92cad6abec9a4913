public import HTTPTypes
import Glibc
import Synchronization

/// Fixed-window request counting per client and resource (api.md §1.2, "Rate limits", and §4.5).
///
/// A client's window starts with its first counted request and lasts its resource's window (60
/// seconds, or an hour for the newsletter's per-address allowance). A "client" is whatever the
/// caller counts by: a peer address in the pipeline, a lowercased email address in the newsletter. Every answer on a
/// limited resource reports the window in `X-RateLimit-*` headers; only an enforced resource turns
/// requests away (429 with `Retry-After`) once the window is used up. 304s are not counted.
/// Shared by every loop, guarded by a `Mutex`. Past `prunedBeyond` windows, expired ones are
/// dropped — at most once a second, so a flood of distinct clients cannot make every request pay
/// for a sweep. With a `store` (several instances on one database), an enforced resource's windows
/// are the store's instead, counted with `count`, which suspends.
public final class RateLimiter: Sendable {
    /// A resource's allowance.
    public struct Limit: Sendable, Equatable {
        /// Requests per window.
        public var requests: Int
        /// Whether exhausting it refuses requests, or only reports.
        public var enforced: Bool
        /// How long a window lasts, in seconds.
        public var windowSeconds: Int64

        /// Creates an allowance of `requests` per `windowSeconds`.
        public init(requests: Int, enforced: Bool, windowSeconds: Int64 = 60) {
            self.requests = requests
            self.enforced = enforced
            self.windowSeconds = windowSeconds
        }
    }

    /// A client's window as the headers report it.
    public struct Window: Sendable, Equatable {
        /// Requests per window.
        public var limit: Int
        /// Requests counted so far.
        public var used: Int
        /// When the window ends, in Unix seconds.
        public var reset: Int64
        /// Requests left.
        public var remaining: Int { max(0, limit - used) }

        /// A window as a store reports it.
        public init(limit: Int, used: Int, reset: Int64) {
            self.limit = limit
            self.used = used
            self.reset = reset
        }
    }

    /// What counting one request against a shared window decided.
    public struct Tally: Sendable, Equatable {
        /// The window after the request.
        public var window: Window
        /// Whether the request was refused (an enforced window already spent); it was not counted.
        public var refused: Bool

        /// A decision on `window`.
        public init(window: Window, refused: Bool) {
            self.window = window
            self.refused = refused
        }
    }

    static let prunedBeyond = 100_000
    /// Where the windows are counted when instances share them; `nil`: in this limiter's memory.
    public let store: (any RateWindowStore)?
    private let limits: [String: Limit]
    private let now: @Sendable () -> Int64
    private let state = Mutex(Windows())

    /// Every client's window by `"resource client"`, and when expired ones were last dropped.
    private struct Windows {
        var byKey: [String: Window] = [:]
        var prunedAt: Int64 = 0
    }

    /// Creates a limiter with an allowance per resource name, counting in `store` if given, else in
    /// memory; `now` gives Unix seconds.
    public init(limits: [String: Limit], store: (any RateWindowStore)? = nil, now: @escaping @Sendable () -> Int64) {
        self.limits = limits
        self.store = store
        self.now = now
    }

    /// Unix seconds from the system clock — its coarse reading, the time of the last tick (a few
    /// milliseconds at most behind): windows counted in seconds need no finer, and it costs a few
    /// nanoseconds instead of tens. Every limiter's clock by default, and the sandbox registry's,
    /// read on every request in a sandbox.
    public static let wallClock: @Sendable () -> Int64 = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Int64(time.tv_sec)
    }

    /// A limiter with the same allowances and clock and none of these windows: sandbox `name`'s
    /// (api.md §6.4).
    public func sandboxed(_ name: String) -> RateLimiter {
        RateLimiter(limits: limits, store: store?.sandboxed(name), now: now)
    }

    /// Forgets every window: every client starts with its whole allowance (`POST /__admin/reset`).
    public func removeAll() async throws {
        state.withLock { $0 = Windows() }
        try await store?.removeAll()
    }

    /// Whether `resource`'s windows are the store's: only an enforced allowance, which can refuse,
    /// is worth a round trip; one that only reports is counted in memory by each instance (a
    /// search would otherwise cost a write, on a row one busy client makes hot).
    public func sharesWindows(of resource: String) -> Bool {
        store != nil && limits[resource]?.enforced == true
    }

    /// Counts one request of `client` on `resource` in the shared store — refused, and not counted,
    /// when the window is spent — or `nil` when the resource's windows are not shared
    /// (`sharesWindows(of:)`): then `window(for:client:)` and `record` count it.
    public func count(_ resource: String, client: String) async throws -> Tally? {
        guard sharesWindows(of: resource), let store, let limit = limits[resource] else { return nil }
        return try await store.count(resource, client: client, limit: limit, now: now())
    }

    /// The allowance of `resource`, if it is limited.
    public func limit(for resource: String) -> Limit? { limits[resource] }

    /// The client's current window for `resource` without counting, or `nil` when the resource is
    /// not limited.
    public func window(for resource: String, client: String) -> Window? {
        guard let limit = limits[resource] else { return nil }
        let time = now()
        return state.withLock { state in
            current(state.byKey["\(resource) \(client)"], limit: limit, at: time)
        }
    }

    /// Seconds until `window` resets, at least 1 (for `Retry-After`).
    public func secondsUntilReset(of window: Window) -> Int {
        max(1, Int(window.reset - now()))
    }

    /// Counts one request of `client` on `resource` and returns the window after it.
    @discardableResult
    public func record(_ resource: String, client: String) -> Window? {
        guard let limit = limits[resource] else { return nil }
        let time = now()
        return state.withLock { state in
            let key = "\(resource) \(client)"
            var window = current(state.byKey[key], limit: limit, at: time)
            window.used += 1
            state.byKey[key] = window
            if state.byKey.count > Self.prunedBeyond, time > state.prunedAt {
                state.byKey = state.byKey.filter { $0.value.reset > time }
                state.prunedAt = time
            }
            return window
        }
    }

    private func current(_ window: Window?, limit: Limit, at time: Int64) -> Window {
        if let window, window.reset > time { return window }
        return Window(limit: limit.requests, used: 0, reset: time + limit.windowSeconds)
    }

    /// The `X-RateLimit-*` headers of `window` for `resource`.
    public static func headers(_ window: Window, resource: String) -> [HTTPField] {
        [
            HTTPField(name: .xRateLimitLimit, value: String(window.limit)),
            HTTPField(name: .xRateLimitRemaining, value: String(window.remaining)),
            HTTPField(name: .xRateLimitUsed, value: String(window.used)),
            HTTPField(name: .xRateLimitReset, value: String(window.reset)),
            HTTPField(name: .xRateLimitResource, value: resource),
        ]
    }
}
