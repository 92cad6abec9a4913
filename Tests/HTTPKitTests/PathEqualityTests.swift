import HTTPKit
import Testing

/// Routing compares paths by byte count, then bytes; it must agree with `==` on every path a
/// request can carry, which is visible ASCII.
@Suite("Path equality")
struct PathEqualityTests {
    @Test(
        "equal exactly when the bytes are",
        arguments: [
            ("/todos", "/todos", true),
            ("/todos", "/todos/", false),
            ("/todos/reorder", "/todos", false),
            ("/todos/00000000-0000-4000-8000-000000000042", "/todos", false),
            ("/todos/00000000-0000-4000-8000-000000000042", "/todos/00000000-0000-4000-8000-000000000043", false),
            ("/todos/00000000-0000-4000-8000-000000000042", "/todos/00000000-0000-4000-8000-000000000042", true),
            ("/healthz", "/health", false),
            ("/", "/", true),
            ("", "", true),
            ("", "/", false),
        ] as [(String, String, Bool)])
    func bytes(path: String, other: String, equal: Bool) {
        #expect(path.equalsPath(other) == equal)
        #expect(other.equalsPath(path) == equal)
        #expect((path == other) == equal)
    }

    @Test("canonically equivalent text with other bytes is another path")
    func canonicalEquivalents() {
        let composed = "/caf\u{E9}"
        let decomposed = "/cafe\u{301}"
        #expect(composed == decomposed)
        #expect(!composed.equalsPath(decomposed))
    }
}
