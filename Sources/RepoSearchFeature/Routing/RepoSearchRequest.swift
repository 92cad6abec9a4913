public import HTTPKit

/// A public request to the search domain (api.md §3).
public struct RepoSearchRequest: Sendable, Equatable {
    /// What the client asks for.
    public var operation: Operation
    /// The base of absolute URLs in the answer.
    public var baseURL: String
    /// The query as received, for `Link` headers.
    public var query: QueryParameters
    /// The base of web (`html_url`) links.
    public var webURL: String
    /// Whether the client asked for GitHub's text-match media type (`text_matches` in each item).
    public var textMatches: Bool

    /// Creates a request.
    public init(
        _ operation: Operation,
        baseURL: String,
        query: QueryParameters = QueryParameters(""),
        webURL: String = RouteContext.defaultWebURL,
        textMatches: Bool = false
    ) {
        self.operation = operation
        self.baseURL = baseURL
        self.query = query
        self.webURL = webURL
        self.textMatches = textMatches
    }

    /// The response cache key of a search or repository read; avatars are rendered each time.
    public var cacheKey: String? {
        switch operation {
        case .search(let query, _, _, _) where query.evenIDsOnly:
            nil
        case .search:
            // A space cannot occur in the encoded query, so the text-match variant cannot collide.
            "GET " + baseURL + "/search/repositories?" + query.encoded() + (textMatches ? " text-match" : "")
        case .repository(let owner, let name):
            "GET " + baseURL + "/repos/" + owner.lowercased() + "/" + name.lowercased()
        case .avatar:
            nil
        }
    }

    /// The operations.
    public enum Operation: Sendable, Equatable {
        /// `GET /search/repositories`: the parsed `q`, its order, and the page.
        case search(SearchQuery, SearchOrder, page: Int, perPage: Int)
        /// `GET /repos/{owner}/{repo}`.
        case repository(owner: String, name: String)
        /// `GET /avatars/{login}`.
        case avatar(login: String)
    }
}
