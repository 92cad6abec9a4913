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
        Self.write(todo, baseURL: baseURL, view: view, to: &writer)
    }

    /// Writes `todo` as `write(to:)` does, borrowing it where it is stored: a list's todos are
    /// written without a copy of each, whose strings every copy retained and released (measured).
    static func write(_ todo: borrowing Todo, baseURL: String, view: TodoView, to writer: inout JSONWriter) {
        // The id alone in the URL's closure: capturing the todo copied the whole value (measured).
        let id = todo.id
        guard view == .api else {
            writer.object { object in
                object.member("id", id)
                object.member("title", todo.description)
                object.member("completed", todo.isComplete)
                object.member("order", todo.order)
                object.member("url") {
                    $0.string(baseURL, view.root + "/", then: 36) { id.writeLowercased(into: $0) }
                }
            }
            return
        }
        writer.object { object in
            object.member("id", id)
            object.member("description", todo.description)
            object.member("isComplete", todo.isComplete)
            object.member("order", todo.order)
            object.member("createdAt", todo.createdAt)
            object.member("updatedAt", todo.updatedAt)
            object.member("url") { $0.string(baseURL, "/todos/", then: 36) { id.writeLowercased(into: $0) } }
        }
    }
}

extension Todo {
    /// The JSON body of a list of todos: a bare array (api.md §2.1).
    static func listBody(_ todos: [Todo], baseURL: String, view: TodoView = .api) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * max(1, todos.count))
        writer.array(todos.indices) { writer, index in
            TodoRepresentation.write(todos[index], baseURL: baseURL, view: view, to: &writer)
        }
        return writer.bytes
    }
}
