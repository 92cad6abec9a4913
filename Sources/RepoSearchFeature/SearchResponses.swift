import HTTPKit
import HTTPTypes

/// The search domain's successful answers (api.md §3.4, §3.6).
enum SearchResponses {
    /// `GET /search/repositories`: `total_count`, `incomplete_results`, `items`, and `Link`.
    static func page(_ page: SearchPage, number: Int, perPage: Int, request: RepoSearchRequest) -> Response {
        var writer = JSONWriter(capacity: 6_000 * max(1, page.items.count))
        let query: SearchQuery? = if case .search(let query, _, _, _) = request.operation { query } else { nil }
        writer.object { object in
            object.member("total_count", page.total)
            // Only part of the repositories was searched (`fault=incomplete`).
            object.member("incomplete_results", query?.evenIDsOnly ?? false)
            object.member("items") { writer in
                let links = RepositoryLinks(baseURL: request.baseURL, webURL: request.webURL)
                let matched = request.textMatches ? query : nil
                writer.array(page.items) { writer, result in
                    let matches = matched.map { TextMatch.find(in: result.repository, for: $0) }
                    RepositoryRepresentation(
                        result.repository, links: links, form: .searchResult(score: result.score, textMatches: matches)
                    )
                    .write(to: &writer)
                }
            }
        }
        // The body depends on Accept: text-match answers carry text_matches.
        var headers: HTTPFields = [.cacheControl: "no-cache", .vary: "Accept"]
        let reachable = min(page.total, RepoSearchRoutes.window)
        if let link = PageLinks.header(
            baseURL: request.baseURL,
            path: "/search/repositories",
            query: request.query,
            page: number,
            perPage: perPage,
            total: reachable
        ) {
            headers[.link] = link
        }
        let body = writer.bytes
        headers[.eTag] = EntityTag.strong(for: body)
        return .json(bytes: body, headers: headers)
    }

    /// `GET /avatars/{login}`: the login's identicon, cacheable for a day.
    static func avatar(login: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400"],
            body: ResponseBody(Identicon.png(for: login))
        )
    }

    /// `GET /repos/{owner}/{repo}`: the item without `score`.
    static func repository(_ repository: Repository, request: RepoSearchRequest) -> Response {
        var writer = JSONWriter(capacity: 4_096)
        let links = RepositoryLinks(baseURL: request.baseURL, webURL: request.webURL)
        RepositoryRepresentation(repository, links: links, form: .full).write(to: &writer)
        let body = writer.bytes
        return .json(bytes: body, headers: [.cacheControl: "no-cache", .eTag: EntityTag.strong(for: body)])
    }
}
