import Foundation
public import HTTPKit

/// A todo as clients see it: the stored fields plus its absolute `url`, in api.md's member order.
public struct TodoRepresentation: JSONWritable {
    let todo: Todo
    let baseURL: String
    let view: TodoView

    /// Represents `todo` in `view` for a request whose URLs start with `baseURL`.
    public init(_ todo: Todo, baseURL: String, view: TodoView = .api) {
        self.todo = todo
        self.baseURL = baseURL
        self.view = view
    }

    public func write(to writer: inout JSONWriter) {
        Self.write(todo, view: view, to: &writer) { writer, id in
            writer.string(baseURL, view.root + "/", then: 36) { id.writeLowercased(into: $0) }
        }
    }

    /// Writes `todo` as `write(to:)` does, borrowing it where it is stored — a list's todos are
    /// written without a copy of each, whose strings every copy retained and released (measured) —
    /// with `url` writing its URL from its id.
    static func write(
        _ todo: borrowing Todo, view: TodoView, to writer: inout JSONWriter,
        url: (inout JSONWriter, UUID) -> Void
    ) {
        // The closures capture the fields, not the todo: capturing it copied the whole value (measured).
        let (id, description, isComplete, order) = (todo.id, todo.description, todo.isComplete, todo.order)
        guard view == .api else {
            writer.object { object in
                object.member("id", id)
                object.member("title", description)
                object.member("completed", isComplete)
                object.member("order", order)
                object.member("url") { url(&$0, id) }
            }
            return
        }
        let (createdAt, updatedAt) = (todo.createdAt, todo.updatedAt)
        writer.object { object in
            object.member("id", id)
            object.member("description", description)
            object.member("isComplete", isComplete)
            object.member("order", order)
            object.member("createdAt", createdAt)
            object.member("updatedAt", updatedAt)
            object.member("url") { url(&$0, id) }
        }
    }
}

extension Todo {
    /// The JSON body of a list of todos: a bare array (api.md §2.1).
    static func listBody(_ todos: [Todo], baseURL: String, view: TodoView = .api) -> [UInt8] {
        // Every todo's URL starts the same: escaped once, not once a todo (2 % of a list: measured).
        let urlStart = baseURL + view.root + "/"
        let urlPrefix = JSONText(urlStart)
        // Room for each todo's members, its longest order and its description unescaped: the body
        // is written in place, and keeps little unused room (the response cache counts its bytes).
        // A description that needs escaping makes the writer move out, copying once.
        let roomPerTodo = 240 + urlStart.utf8.count
        let room = todos.reduce(2) { $0 + roomPerTodo + $1.description.utf8.count }
        return JSONWriter.render(capacity: room) { writer in
            writer.array(todos.indices) { writer, index in
                TodoRepresentation.write(todos[index], view: view, to: &writer) { writer, id in
                    writer.string(urlPrefix, then: 36) { id.writeLowercased(into: $0) }
                }
            }
        }
    }
}
