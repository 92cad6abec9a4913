import AppFeature
import CounterpartTestSupport
import EventHTTP
import Foundation
import HTTPKit
import HTTPTypes
import Testing

@Suite("Idempotency-Key")
struct IdempotencyTests {
    @Test("a repeat with the same key and body replays the stored answer; nothing is created twice")
    func replay() async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies()) { (client: InProcessApp) async throws in
            let headers = [("Content-Type", "application/json"), ("Idempotency-Key", "\"order-42\"")]
            let body = Array(#"{"description":"Pay rent"}"#.utf8)
            let first = try await client.request("POST", "/todos", headers: headers, body: body)
            #expect(first.status == 201)
            let second = try await client.request("POST", "/todos", headers: headers, body: body)
            #expect(second.status == 201)
            #expect(second.header("Idempotent-Replayed") == "true")
            #expect(second.body == first.body)
            #expect(second.header("Location") == first.header("Location"))
            #expect(second.header("X-Request-Id") != first.header("X-Request-Id"))
            let listed = try await client.request("GET", "/todos").text
            #expect(listed.components(separatedBy: "Pay rent").count - 1 == 1)
        }
    }

    @Test("the same key with another body is 422 idempotency-key-reused")
    func reused() async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies()) { (client: InProcessApp) async throws in
            let headers = [("Content-Type", "application/json"), ("Idempotency-Key", "k1")]
            #expect(
                try await client.request("POST", "/todos", headers: headers, body: Array(#"{"description":"a"}"#.utf8))
                    .status
                    == 201)
            let other = try await client.request(
                "POST", "/todos", headers: headers, body: Array(#"{"description":"b"}"#.utf8))
            #expect(other.status == 422)
            #expect(try problem(other).type == "urn:counterpart:problem:idempotency-key-reused")
        }
    }

    @Test("4xx answers are stored too; the key is scoped by path")
    func clientErrorsAreStored() async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies()) { (client: InProcessApp) async throws in
            let headers = [("Content-Type", "application/json"), ("Idempotency-Key", "k2")]
            let body = Array(#"{"description":5}"#.utf8)
            #expect(try await client.request("POST", "/todos", headers: headers, body: body).status == 422)
            let again = try await client.request("POST", "/todos", headers: headers, body: body)
            #expect(again.status == 422)
            #expect(again.header("Idempotent-Replayed") == "true")
            let reorder = try await client.request(
                "POST", "/todos/reorder", headers: headers, body: Array(#"{"ids":[]}"#.utf8))
            #expect(reorder.header("Idempotent-Replayed") == nil, "another path is another scope")
        }
    }

    @Test("a malformed key is 400", arguments: ["", "\"\"", String(repeating: "k", count: 256), "caf\u{e9}"])
    func malformedKey(key: String) async throws {
        try await InProcessApp.run(dependencies: TodosHTTPTests.dependencies()) { (client: InProcessApp) async throws in
            let response = try await client.request(
                "POST",
                "/todos",
                headers: [("Content-Type", "application/json"), ("Idempotency-Key", key)],
                body: Array(#"{"description":"x"}"#.utf8)
            )
            #expect(response.status == 400)
            #expect(try problem(response).errors.map(\.field) == ["Idempotency-Key"])
        }
    }

    @Test("the store: in flight is 409-worthy, 5xx releases the key, abandoned keys are free again")
    func storeRules() {
        let store = IdempotencyStore()
        let body = SHA256.digest(Array("x".utf8))
        #expect(store.begin(scope: "POST /todos a", fingerprint: body) == .proceed)
        #expect(store.begin(scope: "POST /todos a", fingerprint: body) == .inFlight)
        store.complete(scope: "POST /todos a", with: Response(status: .serviceUnavailable))
        #expect(store.begin(scope: "POST /todos a", fingerprint: body) == .proceed, "5xx answers are not stored")
        store.abandon(scope: "POST /todos a")
        #expect(store.begin(scope: "POST /todos a", fingerprint: body) == .proceed)
        store.complete(scope: "POST /todos a", with: Response(status: .conflict))
        #expect(store.begin(scope: "POST /todos a", fingerprint: body) == .proceed, "409 is not stored")
    }

    @Test("the store forgets keys past their lifetime and beyond its capacity")
    func storeLimits() async throws {
        let body = SHA256.digest([])
        let short = IdempotencyStore(lifetime: .milliseconds(20))
        #expect(short.begin(scope: "s", fingerprint: body) == .proceed)
        short.complete(scope: "s", with: Response(status: .created))
        try await Task.sleep(for: .milliseconds(40))
        #expect(short.begin(scope: "s", fingerprint: body) == .proceed)
        let small = IdempotencyStore(capacity: 2)
        for scope in ["a", "b", "c"] {
            #expect(small.begin(scope: scope, fingerprint: body) == .proceed)
            small.complete(scope: scope, with: Response(status: .created))
        }
        #expect(small.begin(scope: "a", fingerprint: body) == .proceed, "the least recently used key was evicted")
        #expect(small.begin(scope: "c", fingerprint: body) == .replay(Response(status: .created)))
    }
}
