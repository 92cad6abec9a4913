import HTTPKit

/// Parses `GET /todos` and `DELETE /todos` query parameters; any bad value is 400 naming it.
enum TodosQueryParser {
    static let searchLimit = 200
    static let pageSizeRange = 1...100
    static let defaultPageSize = 30

    static func listQuery(_ query: QueryParameters) throws(RouteError) -> TodoListQuery {
        var result = TodoListQuery()
        result.filter = try filter(query) ?? .all
        if let search = query["q"] {
            guard search.count <= searchLimit else {
                throw bad("q", code: "too_long", "q is longer than \(searchLimit) characters.")
            }
            result.search = search.isEmpty ? nil : search
        }
        if let sort = query["sort"] {
            result.sort = try sortKeys(sort)
        }
        let page = try positiveInteger(query, "page")
        let size = try positiveInteger(query, "per_page")
        if let size, !pageSizeRange.contains(size) {
            throw bad("per_page", code: "out_of_range", "per_page must be between 1 and 100.")
        }
        if page != nil || size != nil {
            result.page = TodoListQuery.Page(number: page ?? 1, size: size ?? defaultPageSize)
        }
        return result
    }

    /// `filter`, or its alias `isComplete`; contradicting values are 400.
    static func filter(_ query: QueryParameters) throws(RouteError) -> TodoFilter? {
        var chosen: TodoFilter?
        if let text = query["filter"] {
            guard let filter = TodoFilter(rawValue: text) else {
                throw bad("filter", code: "invalid", "filter must be all, active or completed, not \(text).")
            }
            chosen = filter
        }
        if let text = query["isComplete"] {
            let alias: TodoFilter
            switch text {
            case "true": alias = .completed
            case "false": alias = .active
            default: throw bad("isComplete", code: "invalid", "isComplete must be true or false, not \(text).")
            }
            if let chosen, chosen != .all, chosen != alias {
                throw bad("isComplete", code: "mismatch", "isComplete=\(text) contradicts filter=\(chosen.rawValue).")
            }
            chosen = alias
        }
        return chosen
    }

    private static func sortKeys(_ text: String) throws(RouteError) -> [TodoSortKey] {
        var keys: [TodoSortKey] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let descending = part.hasPrefix("-")
            let name = descending ? part.dropFirst() : part
            guard let field = TodoSortKey.Field(rawValue: String(name)) else {
                let fields = TodoSortKey.Field.allCases.map(\.rawValue).joined(separator: ", ")
                throw bad(
                    "sort", code: "invalid", "sort field \(part) is not one of \(fields) (prefix - for descending).")
            }
            keys.append(TodoSortKey(field: field, descending: descending))
        }
        return keys
    }

    private static func positiveInteger(_ query: QueryParameters, _ name: String) throws(RouteError) -> Int? {
        guard let text = query[name] else { return nil }
        guard let value = Int(text), value >= 1 else {
            throw bad(name, code: "invalid", "\(name) must be a whole number of at least 1, not \(text).")
        }
        return value
    }

    private static func bad(_ field: String, code: String, _ detail: String) -> RouteError {
        RouteError(.malformedRequest(detail, errors: [FieldError(field: field, code: code, detail: detail)]))
    }
}
