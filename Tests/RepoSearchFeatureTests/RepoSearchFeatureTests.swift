import CasePathsCore
import Dependencies
import HTTPKit
import Reducers
import ReducersTesting
import Storage
import Testing

@testable import RepoSearchFeature

@Suite("RepoSearchFeature reducer")
struct RepoSearchFeatureTests {
    static let repositories = RepositorySeed.repositories()

    func makeStore(_ prepare: @escaping (inout DependencyValues) -> Void = { _ in }) -> TestStore<RepoSearchFeature> {
        TestStore(initialState: RepoSearchFeature.State()) {
            RepoSearchFeature()
        } withDependencies: {
            $0.repoSearchRepository = .inMemory(Self.repositories)
            prepare(&$0)
        } isFinished: {
            $0.response != nil
        }
    }

    func searchRequest(_ q: String) throws -> RepoSearchRequest {
        RepoSearchRequest(
            .search(try SearchQueryParser.parse(q), .bestMatch, page: 1, perPage: 30),
            baseURL: "http://localhost:8080",
            query: QueryParameters("q=" + q)
        )
    }

    @Test("search: the page becomes GitHub's body, with ETag and Cache-Control")
    func search() async throws {
        let store = makeStore()
        let request = try searchRequest("composable architecture")
        let page = try await RepoSearchRepository.inMemory(Self.repositories)
            .search(try SearchQueryParser.parse("composable architecture"), .bestMatch, 0, 30)
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.searched.success) {
            $0.response = SearchResponses.page(page, number: 1, perPage: 30, request: request)
        }
        #expect(store.state.response?.body.bytes.starts(with: Array(#"{"total_count":8,"#.utf8)) == true)
        await store.finish()
    }

    @Test("an unknown repository is GitHub's 404")
    func notFound() async {
        let store = makeStore()
        let request = RepoSearchRequest(.repository(owner: "nobody", name: "nothing"), baseURL: "http://x")
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.found.failure) {
            $0.response = .problem(SearchError.notFound("nobody/nothing").problem)
        }
        #expect(store.state.response?.problem?.message == "Not Found")
        await store.finish()
    }

    @Test("an unexpected failure is a 500 without internals")
    func unexpected() async throws {
        let store = makeStore {
            $0.repoSearchRepository.search = { _, _, _, _ in
                throw RepositoryError.unknown("database disk image is malformed")
            }
        }
        let request = try searchRequest("swift")
        await store.send(request) { $0.request = request }
        await store.receive(\.internal.searched.failure) {
            $0.response = .problem(.internalError(cause: "RepositoryError.unknown: database disk image is malformed"))
        }
        await store.finish()
    }

    @Test("a cached search answers at once, without touching the repository")
    func cached() async throws {
        let cache = ResponseCache(capacity: 1 << 22)
        let request = try searchRequest("swift")
        let first = makeStore { $0.responseCache = cache }
        await first.send(request) { $0.request = request }
        first.exhaustivity = .off
        await first.receive(\.internal.searched.success)
        await first.finish()
        let second = makeStore {
            $0.responseCache = cache
            $0.repoSearchRepository.search = { _, _, _, _ in
                Issue.record("a cache hit must not search")
                return SearchPage(total: 0, items: [])
            }
        }
        await second.send(request) {
            $0.request = request
            $0.response = first.state.response
        }
        await second.finish()
    }

    @Test("an answer cached at one data version is not served at another (a reset to another seed)")
    func cachedAnswerFollowsTheVersion() async throws {
        let cache = ResponseCache(capacity: 1 << 22)
        let request = try searchRequest("swift")
        let first = makeStore {
            $0.responseCache = cache
            $0.repoSearchRepository.version = { 1 }
        }
        first.exhaustivity = .off
        await first.send(request)
        await first.receive(\.internal.searched.success)
        await first.finish()
        let reseeded = makeStore {
            $0.responseCache = cache
            $0.repoSearchRepository.version = { 2 }
        }
        await reseeded.send(request) {
            $0.request = request
            $0.cacheVersion = 2
        }
        reseeded.exhaustivity = .off
        await reseeded.receive(\.internal.searched.success)
        await reseeded.finish()
    }

    @Test("a cached plain answer is not served to a client that asked for text matches")
    func textMatchVariantIsCachedApart() async throws {
        let cache = ResponseCache(capacity: 1 << 22)
        let plain = try searchRequest("swift")
        let first = makeStore { $0.responseCache = cache }
        first.exhaustivity = .off
        await first.send(plain)
        await first.receive(\.internal.searched.success)
        await first.finish()
        var textMatches = plain
        textMatches.textMatches = true
        let second = makeStore { $0.responseCache = cache }
        second.exhaustivity = .off
        await second.send(textMatches)
        await second.receive(\.internal.searched.success)
        await second.finish()
        #expect(second.state.response?.body != first.state.response?.body)
        #expect(
            second.state.response.map { String(decoding: $0.body.bytes, as: UTF8.self) }?.contains("text_matches")
                == true)
    }

    @Test("cache keys keep an encoded & inside q apart from a real sort parameter")
    func cacheKeys() {
        func key(_ query: String) -> String? {
            RepoSearchRequest(
                .search(SearchQuery(), .bestMatch, page: 1, perPage: 30), baseURL: "http://h",
                query: QueryParameters(query)
            ).cacheKey
        }
        #expect(key("q=swift%26sort%3Dstars") != key("q=swift&sort=stars"))
        var textMatches = RepoSearchRequest(
            .search(SearchQuery(), .bestMatch, page: 1, perPage: 30), baseURL: "http://h",
            query: QueryParameters("q=swift"))
        let plain = textMatches.cacheKey
        textMatches.textMatches = true
        #expect(textMatches.cacheKey != plain, "text-match answers are cached apart")
        #expect(key("q=swift&sort=stars") == key("q=swift&sort=stars"))
    }

    @Test("an avatar is drawn synchronously: no effect")
    func avatar() async {
        let store = makeStore()
        let request = RepoSearchRequest(.avatar(login: "pointlabs"), baseURL: "http://x")
        await store.send(request) {
            $0.request = request
            $0.response = SearchResponses.avatar(login: "pointlabs")
        }
        await store.finish()
    }
}
