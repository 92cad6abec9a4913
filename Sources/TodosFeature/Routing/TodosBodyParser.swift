import Foundation
import HTTPKit

/// Reads todo bodies (api.md §2.2–§2.4), reporting every invalid member at once (422).
enum TodosBodyParser {
    /// `POST /todos` (`pathID == nil`: `isComplete` optional) or `PUT /todos/{id}` (required).
    static func draft(_ request: ServerRequest, pathID: UUID?, view: TodoView = .api) throws(RouteError) -> TodoDraft {
        var body = try BodyReader(request)
        let id = body.uuid("id")
        let description = body.string(view.descriptionField, required: true, maxCharacters: Todo.descriptionLimit)
        let isComplete = body.bool(view.completionField, required: pathID != nil)
        let order = body.integer("order", in: Todo.orderRange)
        if let pathID, let id, id != pathID {
            body.fail(
                FieldError(
                    field: "id", code: "mismatch",
                    detail: "id \(id.lowercased) differs from the path's \(pathID.lowercased)."))
        }
        try body.validated()
        return TodoDraft(id: pathID ?? id, description: description ?? "", isComplete: isComplete, order: order)
    }

    /// `PATCH /todos/{id}`: merge-patch or plain JSON; `null` members are 422 (nothing is deletable).
    static func patch(_ request: ServerRequest, pathID: UUID, view: TodoView = .api) throws(RouteError) -> TodoPatch {
        var body = try BodyReader(request, accepting: BodyReader.patchTypes)
        for name in [view.descriptionField, view.completionField, "order", "id"] where body.isNull(name) {
            body.fail(
                FieldError(field: name, code: "type", detail: "\(name) cannot be null: no todo member is deletable."))
        }
        let id = body.uuid("id")
        if let id, id != pathID {
            body.fail(
                FieldError(
                    field: "id", code: "mismatch",
                    detail: "id \(id.lowercased) differs from the path's \(pathID.lowercased)."))
        }
        let patch = TodoPatch(
            description: body.string(view.descriptionField, maxCharacters: Todo.descriptionLimit),
            isComplete: body.bool(view.completionField),
            order: body.integer("order", in: Todo.orderRange)
        )
        try body.validated()
        return patch
    }
}
