import HTTPKit
import Testing

/// The transport splits a target from its buffer's bytes, tests and refusals from a `String`: both
/// must read every target alike.
@Suite("RequestTarget")
struct RequestTargetTests {
    @Test(
        "split from bytes as from text",
        arguments: [
            "/", "/todos", "/todos?", "/todos?page=2&per_page=5", "?only=query", "/sandboxes/a/todos/x?page=2",
            "/sandboxes/ui-test.7/todos", "/sandboxes/a/", "/sandboxes//todos", "/sandboxes/a", "/sandboxes/",
            "/sandboxesx/a/todos", "/todos/sandboxes/a/b", "/sandboxes/a?x=/b/c", "/search/repositories?q=a?b",
            "*", "http://example.org/todos?x=1", "",
        ])
    func bytesAgreeWithText(target: String) {
        let fromBytes = Array(target.utf8).withUnsafeBytes { RequestTarget(bytes: $0) }
        #expect(fromBytes == RequestTarget(target))
    }

    @Test("the prefix and the query are split off; a ? in the query stays in it")
    func parts() {
        let target = RequestTarget("/sandboxes/demo/search/repositories?q=a?b")
        #expect(target.sandboxSegment == "demo")
        #expect(target.path == "/search/repositories")
        #expect(target.query == "q=a?b")
    }

    @Test("a target without query or prefix is its own path")
    func plainPath() {
        let target = RequestTarget("/todos/deadbeef-dead-beef-dead-beefdeadbeef")
        #expect(target.path == "/todos/deadbeef-dead-beef-dead-beefdeadbeef")
        #expect(target.sandboxSegment == nil && target.query == nil)
    }
}

/// Routing's byte-wise segment test reads a path as a person would.
@Suite("String.segment(after:)")
struct SegmentAfterPrefixTests {
    @Test(
        "a prefix followed by one segment, perhaps empty, and nothing else",
        arguments: [
            ("/todos/abc", "abc"), ("/todos/", ""), ("/todos", nil), ("/todos/a/b", nil), ("/todos/a/", nil),
            ("/todosx/a", nil), ("/tod", nil), ("", nil), ("/todos/ünïcode", "ünïcode"), ("/TODOS/a", nil),
        ] as [(String, String?)])
    func segment(path: String, expected: String?) {
        #expect(path.segment(after: "/todos/").map(String.init) == expected)
    }

    @Test(
        "an empty prefix leaves the whole path, if it has no `/`",
        arguments: [("abc", "abc"), ("", ""), ("/", nil), ("a/b", nil)] as [(String, String?)])
    func emptyPrefix(path: String, expected: String?) {
        #expect(path.segment(after: "").map(String.init) == expected)
    }

    @Test("a path longer than a small string's, compared in its own storage")
    func longPath() {
        let id = "00000000-0000-4000-8000-000000000042"
        #expect(("/todos/" + id).segment(after: "/todos/").map(String.init) == id)
        #expect(("/todos/" + id + "/x").segment(after: "/todos/") == nil)
        #expect(("/sandboxes/" + id).segment(after: "/todos/") == nil)
        #expect(("/todos/" + id).segment(after: "/todos/" + id + "/") == nil)
    }
}
