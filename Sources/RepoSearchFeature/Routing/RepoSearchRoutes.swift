public import HTTPKit
public import HTTPTypes

/// Routing for `/search/repositories` and `/repos/{owner}/{repo}`, with GitHub's parameter rules and
/// 422s (api.md §3.1) decided before any store exists.
public struct RepoSearchRoutes: Routes {
    /// Results beyond this position are never reachable (GitHub's window).
    public static let window = 1_000

    /// Creates the table.
    public init() {}

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        if path == "/search/repositories" { return [.get] }
        if let login = path.segment(after: "/avatars/"), !login.isEmpty { return [.get] }
        // Every other domain's path passes through here: split only what can be a repository's.
        guard path.hasPrefix("/repos/") else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 4 && !parts[2].isEmpty && !parts[3].isEmpty ? [.get] : nil
    }

    public func template(for path: String) -> String {
        if path == "/search/repositories" { return path }
        return path.hasPrefix("/avatars/") ? "/avatars/{login}" : "/repos/{owner}/{repo}"
    }

    /// The types that ask for `text_matches`; a client must name one (a wildcard does not). Octokit
    /// sends them without `+json` (api.md §1, "Negotiation").
    static let textMatchTypes = [
        "application/vnd.github.text-match+json", "application/vnd.github.v3.text-match+json",
        "application/vnd.github.preview.text-match+json", "application/vnd.github.text-match",
        "application/vnd.github.v3.text-match", "application/vnd.github.preview.text-match",
    ]

    /// Every answer under `/search/`, `/repos/` and `/avatars/` — the pipeline's 404, 405, 413, 429
    /// and 503 included — is GitHub's error envelope (api.md §3.5); these routes also answer whatever
    /// `Accept` says, as GitHub does.
    public func problemFormat(for path: String) -> ProblemFormat? {
        path.hasPrefix("/search/") || path.hasPrefix("/repos/") || path.hasPrefix("/avatars/")
            ? .github(documentationURL: SearchError.documentation) : nil
    }

    /// The resource searches are counted under.
    public static let rateLimitedResource = "search"

    /// api.md §3.6's allowance: searches counted at a nominal 30 a minute, reported in
    /// `X-RateLimit-*` as GitHub does, and not enforced.
    public static let rateLimits = [rateLimitedResource: RateLimiter.Limit(requests: 30, enforced: false)]

    /// Searches count against the `search` resource (api.md §3.6).
    public func rateLimitResource(_ request: ServerRequest) -> String? {
        request.path == "/search/repositories" ? Self.rateLimitedResource : nil
    }

    /// GitHub's 429: `API rate limit exceeded for {ip}.`
    public func rateLimitedProblem(client: String, retryAfter: Int) -> Problem {
        var problem = Problem.rateLimited(client: client, retryAfter: retryAfter)
        problem.message = "API rate limit exceeded for \(client)."
        return problem
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> RepoSearchRequest {
        let query = request.queryParameters
        if request.path.hasPrefix("/avatars/") {
            let login = String(request.path.dropFirst("/avatars/".count))
            return RepoSearchRequest(
                .avatar(login: login), baseURL: context.baseURL, query: query, webURL: context.webURL)
        }
        guard request.path == "/search/repositories" else {
            let parts = request.path.split(separator: "/")
            return RepoSearchRequest(
                .repository(owner: String(parts[1]), name: String(parts[2])),
                baseURL: context.baseURL,
                query: query,
                webURL: context.webURL
            )
        }
        do {
            return RepoSearchRequest(
                try searchOperation(query, partial: context.partialResults),
                baseURL: context.baseURL,
                query: query,
                webURL: context.webURL,
                textMatches: request.headers.combinedValue(.accept).map { accept in
                    Self.textMatchTypes.contains { ContentNegotiation.names($0, in: accept) }
                } ?? false
            )
        } catch {
            throw RouteError(error.problem)
        }
    }

    /// Searches are the one answer that can be partial (`fault=incomplete`).
    public func answersPartially(_ request: ServerRequest) -> Bool {
        request.path == "/search/repositories"
    }

    private func searchOperation(_ query: QueryParameters, partial: Bool) throws(SearchError)
        -> RepoSearchRequest.Operation
    {
        guard let q = query["q"], !q.allSatisfy(\.isWhitespace) else { throw .missing("q") }
        var parsed = try SearchQueryParser.parse(q)
        parsed.evenIDsOnly = partial
        var order = SearchOrder.bestMatch
        if let sort = query["sort"] {
            guard let key = SearchOrder.SortKey(rawValue: sort) else {
                throw .invalid("sort", "sort must be stars, forks, help-wanted-issues or updated, not \(sort).")
            }
            order.sort = key
            switch query["order"] ?? "desc" {
            case "desc": order.ascending = false
            case "asc": order.ascending = true
            case let other: throw .invalid("order", "order must be asc or desc, not \(other).")
            }
        }
        let perPage = min(100, max(1, try integer(query, "per_page") ?? 30))
        let page = max(1, try integer(query, "page") ?? 1)
        guard (page - 1).multipliedReportingOverflow(by: perPage).partialValue < Self.window,
            !(page - 1).multipliedReportingOverflow(by: perPage).overflow
        else { throw .outsideWindow }
        return .search(parsed, order, page: page, perPage: perPage)
    }

    private func integer(_ query: QueryParameters, _ name: String) throws(SearchError) -> Int? {
        guard let text = query[name] else { return nil }
        guard let value = Int(text) else { throw .invalid(name, "\(name) must be an integer, not \(text).") }
        return value
    }
}
