import Foundation
import HTTPKit
import HTTPTypes

/// The todo domain's successful answers (api.md §2): bodies, status codes and headers.
enum TodoResponses {
    /// `Cache-Control` for every todo answer: revalidate each time, using the ETag.
    static let cacheControl = "no-cache"

    /// The fields every todo's answer starts from, built and validated once.
    private static let itemHeaders: HTTPFields = [.contentType: MediaType.json, .cacheControl: cacheControl]

    /// `GET /todos`: a bare array, `X-Total-Count`, and `Link` when paged.
    static func list(_ stored: TodoList, query: TodoListQuery, request: TodosRequest) -> Response {
        let (items, total) = query.apply(to: stored)
        var headers: HTTPFields = [.xTotalCount: String(total), .cacheControl: cacheControl]
        if let page = query.page,
            let link = PageLinks.header(
                baseURL: request.baseURL,
                path: request.view.root,
                query: request.query,
                page: page.number,
                perPage: page.size,
                total: total
            )
        {
            headers[.link] = link
        }
        let body = items.body(baseURL: request.baseURL, view: request.view)
        headers[.eTag] = EntityTag.strong(for: body)
        return .json(body: body, headers: headers)
    }

    /// One todo, with the ETag of its stored fields.
    static func item(_ todo: Todo, baseURL: String, view: TodoView = .api, status: HTTPResponse.Status = .ok)
        -> Response
    {
        var headers = itemHeaders
        headers.append(HTTPField(name: .eTag, value: todo.entityTag))
        if status == .created {
            headers[.location] = baseURL + view.root + "/" + todo.id.lowercased
        }
        return .json(TodoRepresentation(todo, baseURL: baseURL, view: view), status: status, headers: headers)
    }

    /// The answer to a write.
    static func written(_ outcome: TodoWriteOutcome, baseURL: String, view: TodoView = .api) -> Response {
        switch outcome {
        case .saved(let todo, let created):
            return item(todo, baseURL: baseURL, view: view, status: created ? .created : .ok)
        case .deleted, .imported:
            return Response(status: .noContent, headers: [.cacheControl: cacheControl])
        case .reordered(let todos):
            let body = TodoList(todos).body(baseURL: baseURL, view: view)
            return .json(body: body, headers: [.cacheControl: cacheControl, .eTag: EntityTag.strong(for: body)])
        }
    }
}
