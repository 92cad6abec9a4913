import CasePathsCore
import ConcurrencyExtras
import Dependencies
import Foundation
import HTTPKit
import HTTPTypes
import Reducers
import ReducersTesting
import Storage
import Testing

@testable import TodosFeature

@Suite("TodosFeature reducer")
struct TodosFeatureTests {
    static let base = "http://localhost:8080"
    static let now = Date(timeIntervalSince1970: 1_767_312_000)
    static let checkMail = TodosSeed.demo[0]

    func makeStore(_ prepare: @escaping (inout DependencyValues) -> Void = { _ in }) -> TestStore<TodosFeature> {
        TestStore(initialState: TodosFeature.State()) {
            TodosFeature()
        } withDependencies: {
            $0.todoRepository = .inMemory(seed: TodosSeed.demo)
            prepare(&$0)
        } isFinished: {
            $0.response != nil
        }
    }

    func request(_ operation: TodosRequest.Operation) -> TodosRequest {
        TodosRequest(operation, baseURL: Self.base)
    }

    @Test("fetch: the todo with its stored-fields ETag")
    func fetchSuccess() async {
        let store = makeStore()
        let request = request(.fetch(Self.checkMail.id))
        await store.send(request) {
            $0.request = request
        }
        await store.receive(\.internal.fetched.success) {
            $0.response = Response(
                status: .ok,
                headers: [
                    .eTag: Self.checkMail.entityTag, .cacheControl: "no-cache",
                    .contentType: "application/json; charset=utf-8",
                ],
                body: ResponseBody(
                    Array(
                        #"{"id":"deadbeef-dead-beef-dead-beefdeadbeef","description":"Check Mail","isComplete":false,"order":0,"createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z","url":"http://localhost:8080/todos/deadbeef-dead-beef-dead-beefdeadbeef"}"#
                            .utf8
                    )
                )
            )
        }
        await store.finish()
    }

    @Test("fetch: an unknown id is 404")
    func fetchNotFound() async {
        let store = makeStore()
        let id = UUID(uuidString: "00000000-0000-4000-8000-000000000009") ?? UUID()
        let request = request(.fetch(id))
        await store.send(request) {
            $0.request = request
        }
        await store.receive(\.internal.fetched.failure) {
            $0.response = .problem(.notFound("No todo 00000000-0000-4000-8000-000000000009 exists."))
        }
        await store.finish()
    }

    @Test(
        "an unexpected repository failure is a 500 problem whose cause, for the log, names the error",
        arguments: [
            (
                RepositoryError.unknown("disk I/O error at /var/lib/secret.db") as any Error,
                "RepositoryError.unknown: disk I/O error at /var/lib/secret.db"
            ),
            (CocoaError(.fileReadCorruptFile) as any Error, String(reflecting: CocoaError(.fileReadCorruptFile))),
        ])
    func unexpectedFailure(error: any Error, cause: String) async {
        let store = makeStore { $0.todoRepository.fetch = { _ in throw error } }
        let request = request(.fetch(Self.checkMail.id))
        await store.send(request) {
            $0.request = request
        }
        await store.receive(\.internal.fetched.failure) { $0.response = .problem(.internalError(cause: cause)) }
        await store.finish()
    }

    @Test("a busy database is 503 with Retry-After")
    func unavailable() async {
        let store = makeStore { $0.todoRepository.list = { _ in throw RepositoryError.unavailable("SQLITE_BUSY") } }
        let request = request(.list(TodoListQuery()))
        await store.send(request) {
            $0.request = request
        }
        await store.receive(\.internal.listed.failure) {
            $0.response = .problem(
                .unavailable("The database is busy or unreachable; retry in a second.", cause: "SQLITE_BUSY"))
        }
        await store.finish()
    }

    @Test("list: a page with X-Total-Count and Link")
    func listPage() async {
        let store = makeStore()
        var query = TodoListQuery()
        query.page = .init(number: 1, size: 2)
        let request = TodosRequest(.list(query), baseURL: Self.base, query: QueryParameters("per_page=2"))
        await store.send(request) {
            $0.request = request
        }
        await store.receive(\.internal.listed.success) {
            $0.response = TodoResponses.list(TodoList(TodosSeed.demo), query: query, request: request)
        }
        #expect(store.state.response?.headers[.xTotalCount] == "4")
        #expect(
            store.state.response?.headers[.link]
                == "<http://localhost:8080/todos?page=2&per_page=2>; rel=\"next\", "
                + "<http://localhost:8080/todos?page=2&per_page=2>; rel=\"last\""
        )
        await store.finish()
    }

    @Test("with versions other processes write (PostgreSQL), a cached read first asks for the version")
    func sharedVersions() async {
        let cache = ResponseCache(capacity: 1 << 20)
        let version = LockIsolated(7)
        var repository = TodoRepository.inMemory(seed: TodosSeed.demo)
        repository.version = .shared { version.value }
        let request = request(.list(TodoListQuery()))
        let answer = TodoResponses.list(TodoList(TodosSeed.demo), query: TodoListQuery(), request: request)
        let first = makeStore {
            $0.todoRepository = repository; $0.responseCache = cache
        }
        await first.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
        }
        await first.receive(\.internal.versioned.success) { $0.cacheVersion = 7 }
        await first.receive(\.internal.listed.success) { $0.response = answer }
        await first.finish()

        let second = makeStore {
            $0.todoRepository = repository
            $0.todoRepository.list = { _ in
                Issue.record("a cache hit must not query the repository")
                return []
            }
            $0.responseCache = cache
        }
        await second.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
        }
        await second.receive(\.internal.versioned.success) { $0.response = answer }
        await second.finish()

        version.setValue(8)  // another instance wrote
        let third = makeStore {
            $0.todoRepository = repository; $0.responseCache = cache
        }
        await third.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
        }
        await third.receive(\.internal.versioned.success) { $0.cacheVersion = 8 }
        await third.receive(\.internal.listed.success) { $0.response = answer }
        await third.finish()
    }

    @Test("a version the database cannot give is the repository's problem, not a stale answer")
    func sharedVersionUnavailable() async {
        var repository = TodoRepository.inMemory(seed: TodosSeed.demo)
        repository.version = .shared { throw RepositoryError.unavailable("PostgreSQL is unreachable.") }
        let request = request(.fetch(TodosSeed.demo[0].id))
        let store = makeStore {
            $0.todoRepository = repository; $0.responseCache = ResponseCache(capacity: 1 << 20)
        }
        await store.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
        }
        await store.receive(\.internal.versioned.failure) {
            $0.response = .problem(RepositoryError.unavailable("PostgreSQL is unreachable.").problem)
        }
        await store.finish()
    }

    @Test("with the cache off, a read makes no key and asks for no version, even on shared versions")
    func cacheOff() async {
        var repository = TodoRepository.inMemory(seed: TodosSeed.demo)
        repository.version = .shared {
            Issue.record("with the cache off, nothing is cached under a version: none is asked for")
            return 0
        }
        let request = request(.fetch(Self.checkMail.id))
        let store = makeStore { $0.todoRepository = repository }
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.fetched.success) {
            $0.response = TodoResponses.item(Self.checkMail, baseURL: Self.base)
        }
        await store.finish()
    }

    @Test("a write makes no cache key with the cache on")
    func writeMakesNoKey() async {
        let store = makeStore { $0.responseCache = ResponseCache(capacity: 1 << 20) }
        let request = request(.delete(Self.checkMail.id, .none))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.success) {
            $0.response = Response(status: .noContent, headers: [.cacheControl: "no-cache"])
        }
        await store.finish()
    }

    @Test("a cached read is answered at once, without an effect; a write makes it stale")
    func cachedRead() async {
        let cache = ResponseCache(capacity: 1 << 20)
        let repository = TodoRepository.inMemory(seed: TodosSeed.demo)
        let request = request(.list(TodoListQuery()))
        let first = makeStore {
            $0.todoRepository = repository
            $0.responseCache = cache
        }
        await first.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
            $0.cacheVersion = 0
        }
        await first.receive(\.internal.listed.success) {
            $0.response = TodoResponses.list(TodoList(TodosSeed.demo), query: TodoListQuery(), request: request)
        }
        await first.finish()
        let cached = first.state.response

        let second = makeStore {
            $0.todoRepository = repository
            $0.todoRepository.list = { _ in
                Issue.record("a cache hit must not query the repository")
                return []
            }
            $0.responseCache = cache
        }
        await second.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
            $0.response = cached
        }
        await second.finish()

        _ = try? await repository.write(.deleteAll(.completed))
        let third = makeStore {
            $0.todoRepository = repository
            $0.responseCache = cache
        }
        await third.send(request) {
            $0.request = request
            $0.cacheKey = request.cacheKey
            $0.cacheVersion = 1
        }
        await third.receive(\.internal.listed.success) {
            $0.response = TodoResponses.list(
                TodoList(TodosSeed.demo.prefix(2)), query: TodoListQuery(), request: request)
        }
        await third.finish()
    }

    @Test("create: 201 with Location, the new todo on top, server-made id")
    func create() async {
        let store = makeStore {
            $0.date = .constant(Self.now)
            $0.uuid = .incrementing
        }
        let request = request(.create(TodoDraft(description: "Walk the dog")))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.success) {
            let todo = Todo(
                id: UUID(0),
                description: "Walk the dog",
                isComplete: false,
                order: -1,
                createdAt: Timestamp(secondsSince1970: 1_767_312_000),
                updatedAt: Timestamp(secondsSince1970: 1_767_312_000)
            )
            $0.response = TodoResponses.item(todo, baseURL: Self.base, status: .created)
        }
        #expect(
            store.state.response?.headers[.location]
                == "http://localhost:8080/todos/00000000-0000-0000-0000-000000000000")
        await store.finish()
    }

    @Test("create: a full store is 409 conflict")
    func storeFull() async {
        let store = makeStore {
            $0.todoRepository.write = { _ in throw TodosError.storeFull }
            $0.date = .constant(Self.now)
            $0.uuid = .incrementing
        }
        let request = request(.create(TodoDraft(description: "one too many")))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.failure) { $0.response = .problem(TodosError.storeFull.problem) }
        #expect(store.state.response?.status == .conflict)
        await store.finish()
    }

    @Test("replace: a stale If-Match is 412 and nothing is written")
    func replacePreconditionFailed() async {
        let store = makeStore { $0.date = .constant(Self.now) }
        let precondition = TodoPrecondition(ifMatch: "\"stale\"", ifNoneMatchAny: false)
        let request = request(.replace(Self.checkMail.id, TodoDraft(description: "x", isComplete: true), precondition))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.failure) {
            $0.response = .problem(
                TodosError.preconditionFailed(
                    "If-Match \"stale\" does not match the todo's current ETag \(Self.checkMail.entityTag); GET it again."
                ).problem
            )
        }
        #expect(store.state.response?.status == .preconditionFailed)
        await store.finish()
    }

    @Test("delete: 204 without a body")
    func delete() async {
        let store = makeStore()
        let request = request(.delete(Self.checkMail.id, .none))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.success) {
            $0.response = Response(status: .noContent, headers: [.cacheControl: "no-cache"])
        }
        await store.finish()
    }

    @Test("reorder: a non-permutation is 422 not_permutation")
    func reorderInvalid() async {
        let store = makeStore { $0.date = .constant(Self.now) }
        let request = request(.reorder([Self.checkMail.id], ifMatch: nil))
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.wrote.failure) {
            $0.response = .problem(TodosError.notPermutation(missing: 3, unknown: 0, duplicate: 0).problem)
        }
        #expect(store.state.response?.status == .unprocessableContent)
        await store.finish()
    }
}
