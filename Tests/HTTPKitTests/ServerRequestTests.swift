import HTTPKit
import HTTPTypes
import Testing

/// `ServerRequest` keeps its fields behind one shared reference, copied on the first change: it
/// must still behave as a value. It splits a `/sandboxes/{name}/` prefix off the path as it is made.
@Suite("ServerRequest")
struct ServerRequestTests {
    @Test("changing a copy leaves the original as it was, field by field")
    func copiesAreIndependent() {
        let original = ServerRequest(
            method: .get, target: "/todos?page=2", headers: [.accept: "application/json"], body: [1, 2],
            peer: "10.0.0.1")
        var copy = original
        copy.method = .post
        copy.path = "/todos/x"
        copy.query = nil
        copy.headers[.accept] = "text/html"
        copy.body = [3]
        copy.peer = "10.0.0.2"
        #expect(original.method == .get && copy.method == .post)
        #expect(original.path == "/todos" && copy.path == "/todos/x")
        #expect(original.query == "page=2" && copy.query == nil)
        #expect(original.headers[.accept] == "application/json" && copy.headers[.accept] == "text/html")
        #expect(original.body == [1, 2] && copy.body == [3])
        #expect(original.peer == "10.0.0.1" && copy.peer == "10.0.0.2")
    }

    @Test("a request changed where it is the only copy keeps every other field")
    func changeInPlace() {
        var request = ServerRequest(method: .delete, target: "/todos/x", headers: [.xRequestID: "abc-123"])
        request.path = "/todos/y"
        #expect(request.path == "/todos/y" && request.method == .delete && request.id.description == "abc-123")
    }

    @Test(
        "a /sandboxes/{name}/ prefix is split off the path, the query kept apart",
        arguments: [
            ("/sandboxes/a/todos/x?page=2", "a", "/todos/x", "page=2"),
            ("/sandboxes/ui-test.7/todos", "ui-test.7", "/todos", nil),
            ("/sandboxes/a/", "a", "/", nil),
            ("/sandboxes//todos", "", "/todos", nil),
            ("/sandboxes/bad name!/todos?q=/x", "bad name!", "/todos", "q=/x"),
        ] as [(String, String, String, String?)])
    func prefixSplit(target: String, segment: String, path: String, query: String?) {
        let request = ServerRequest(method: .get, target: target)
        #expect(request.sandboxSegment == segment)
        #expect(request.path == path)
        #expect(request.query == query)
        #expect(request.targetPath == target.split(separator: "?", maxSplits: 1).first.map(String.init))
    }

    @Test(
        "a path that is not a sandbox's inner path is kept whole",
        arguments: ["/sandboxes/a", "/sandboxes/", "/sandboxes", "/sandboxesx/a/todos", "/todos/sandboxes/a/b", "/"])
    func noPrefix(target: String) {
        let request = ServerRequest(method: .delete, target: target + "?x=1")
        #expect(request.sandboxSegment == nil)
        #expect(request.path == target && request.targetPath == target)
        #expect(request.query == "x=1")
    }
}
