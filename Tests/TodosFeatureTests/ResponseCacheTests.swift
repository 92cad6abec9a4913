import HTTPKit
import Storage
import Testing

@Suite("ResponseCache")
struct ResponseCacheTests {
    func response(_ size: Int) -> Response {
        .json(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: size))
    }

    @Test("an entry is served only at the version it was stored at")
    func versioned() {
        let cache = ResponseCache(capacity: 10_000)
        cache.store(response(10), for: "k", version: 3)
        #expect(cache.response(for: "k", version: 3) == response(10))
        #expect(cache.response(for: "k", version: 4) == nil)
        #expect(cache.response(for: "other", version: 3) == nil)
    }

    @Test("least recently used entries are evicted past the byte budget")
    func evictsLeastRecentlyUsed() {
        let cache = ResponseCache(capacity: 4_000)
        cache.store(response(900), for: "a", version: 0)
        cache.store(response(900), for: "b", version: 0)
        cache.store(response(900), for: "c", version: 0)
        _ = cache.response(for: "a", version: 0)
        cache.store(response(900), for: "d", version: 0)
        cache.store(response(900), for: "e", version: 0)
        #expect(cache.response(for: "a", version: 0) != nil)
        #expect(cache.response(for: "b", version: 0) == nil)
        #expect(cache.storedBytes <= 4_000)
    }

    @Test("capacity 0 stores nothing; bodies over a quarter of the budget are not kept")
    func limits() {
        let off = ResponseCache(capacity: 0)
        off.store(response(1), for: "k", version: 0)
        #expect(off.response(for: "k", version: 0) == nil)
        let small = ResponseCache(capacity: 1_000)
        small.store(response(600), for: "big", version: 0)
        #expect(small.response(for: "big", version: 0) == nil)
    }
}
