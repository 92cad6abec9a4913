import HTTPKit
import HTTPTypes
import Testing

/// `ServerRequest` keeps its fields behind one shared reference, copied on the first change: it
/// must still behave as a value.
@Suite("ServerRequest")
struct ServerRequestTests {
    @Test("changing a copy leaves the original as it was, field by field")
    func copiesAreIndependent() {
        let original = ServerRequest(
            method: .get, target: "/todos?page=2", headers: [.accept: "application/json"], body: [1, 2],
            peer: "10.0.0.1")
        var copy = original
        copy.method = .post
        copy.path = "/sandboxes/a/todos"
        copy.query = nil
        copy.headers[.accept] = "text/html"
        copy.body = [3]
        copy.id = "changed"
        copy.peer = "10.0.0.2"
        #expect(original.method == .get && copy.method == .post)
        #expect(original.path == "/todos" && copy.path == "/sandboxes/a/todos")
        #expect(original.query == "page=2" && copy.query == nil)
        #expect(original.headers[.accept] == "application/json" && copy.headers[.accept] == "text/html")
        #expect(original.body == [1, 2] && copy.body == [3])
        #expect(original.id != "changed" && copy.id == "changed")
        #expect(original.peer == "10.0.0.1" && copy.peer == "10.0.0.2")
    }

    @Test("a request changed where it is the only copy keeps every other field")
    func changeInPlace() {
        var request = ServerRequest(method: .delete, target: "/todos/x", headers: [.xRequestID: "abc-123"])
        request.path = "/todos/y"
        #expect(request.path == "/todos/y" && request.method == .delete && request.id == "abc-123")
    }
}
