/// Where rate-limit windows are counted when several instances must agree on them: the scale-out
/// profile's shared database (api.md §1.2 across a cluster). Without one, `RateLimiter` counts in
/// its own memory, on the loop.
public protocol RateWindowStore: Sendable {
    /// Counts one request of `client` on `resource` — unless `limit` is enforced and the window is
    /// spent, which is refused and not counted — as of `now` (Unix seconds).
    func count(_ resource: String, client: String, limit: RateLimiter.Limit, now: Int64) async throws
        -> RateLimiter.Tally
    /// Takes one counted request back (a 304 is not counted), if the window is still `window`.
    func uncount(_ resource: String, client: String, window: RateLimiter.Window) async throws
    /// The same store's windows of sandbox `name` (api.md §6.4): none shared with this one's.
    func sandboxed(_ name: String) -> any RateWindowStore
    /// Forgets every window of this store's sandbox.
    func removeAll() async throws
}
