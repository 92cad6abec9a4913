import Foundation
public import HTTPKit

/// Reads a file of api.md todos for `counterpart import`: every item validated, errors by index.
///
/// The file is a JSON array of todos as `GET /todos` returns them; `url` is ignored, every other
/// member is required and kept as given, `order`, `createdAt` and `updatedAt` included.
public enum TodosImport {
    /// The todos in `bytes`, or every problem found (`[3].createdAt: …`) — never a partial list.
    public static func parse(_ bytes: [UInt8]) throws(RouteError) -> [Todo] {
        guard let value = JSONParser.parse(bytes) else {
            throw RouteError(.malformedRequest("The file is not valid JSON."))
        }
        guard case .array(let elements) = value else {
            throw RouteError(
                .validationFailed([
                    FieldError(field: "file", code: "type", detail: "The file must be a JSON array of todos.")
                ]))
        }
        var todos: [Todo] = []
        var errors: [FieldError] = []
        var seen = Set<UUID>()
        for (index, element) in elements.enumerated() {
            guard case .object(let members) = element else {
                errors.append(
                    FieldError(field: "[\(index)]", code: "type", detail: "[\(index)] must be a todo object."))
                continue
            }
            var reader = BodyReader(members: members, prefix: "[\(index)].")
            let id = reader.uuid("id", required: true)
            let description = reader.string("description", required: true, maxCharacters: Todo.descriptionLimit)
            let isComplete = reader.bool("isComplete", required: true)
            let order = reader.integer("order", required: true, in: Todo.orderRange)
            let createdAt = reader.timestamp("createdAt", required: true)
            let updatedAt = reader.timestamp("updatedAt", required: true)
            if let id, !seen.insert(id).inserted {
                reader.fail(
                    FieldError(field: "id", code: "duplicate", detail: "id \(id.lowercased) appears twice in the file.")
                )
            }
            errors += reader.errors
            if let id, let description, let isComplete, let order, let createdAt, let updatedAt {
                todos.append(
                    Todo(
                        id: id,
                        description: description,
                        isComplete: isComplete,
                        order: order,
                        createdAt: createdAt,
                        updatedAt: updatedAt
                    )
                )
            }
        }
        guard todos.count <= Todo.storeLimit else {
            throw RouteError(
                .validationFailed([
                    FieldError(
                        field: "file", code: "too_long",
                        detail: "The file has \(todos.count) todos; the store holds \(Todo.storeLimit).")
                ])
            )
        }
        guard errors.isEmpty else { throw RouteError(.validationFailed(errors)) }
        return todos
    }
}
