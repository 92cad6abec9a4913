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
        let root = view.root + "/"
        Self.write(todo, view: view, to: &writer) { writer, id in
            writer.escapedFragment(baseURL)
            writer.escapedFragment(root)
            writer.fragment(upTo: 36) { id.writeLowercased(into: $0) }
        }
    }

    /// Writes `todo` as `write(to:)` does, borrowing it where it is stored — a list's todos are
    /// written without a copy of each, whose strings every copy retained and released (measured) —
    /// with `url` writing its URL, unquoted, from its id.
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
                object.member("url") { writer in
                    writer.beginValue()
                    writer.fragment("\"")
                    url(&writer, id)
                    writer.fragment("\"")
                    writer.endValue()
                }
            }
            return
        }
        // In fragments (`JSONWriter.beginValue()`): the API's todo is the one written most.
        let (createdAt, updatedAt) = (todo.createdAt, todo.updatedAt)
        writer.beginValue()
        writer.fragment(#"{"id":""#)
        writer.fragment(upTo: 36) { id.writeLowercased(into: $0) }
        writer.fragment(#"","description":""#)
        writer.escapedFragment(description)
        writer.fragment(isComplete ? #"","isComplete":true,"order":"# : #"","isComplete":false,"order":"#)
        writer.digitsFragment(order)
        writer.fragment(#","createdAt":""#)
        writer.fragment(upTo: 20) { createdAt.writeRFC3339(into: $0) }
        writer.fragment(#"","updatedAt":""#)
        writer.fragment(upTo: 20) { updatedAt.writeRFC3339(into: $0) }
        writer.fragment(#"","url":""#)
        url(&writer, id)
        writer.fragment(#""}"#)
        writer.endValue()
    }
}

extension Todo {
    /// The JSON body of a list of todos: a bare array (api.md §2.1).
    static func listBody(_ todos: [Todo], baseURL: String, view: TodoView = .api) -> ResponseBody {
        // Every todo's URL starts the same: escaped once, not once a todo (2 % of a list: measured).
        let urlStart = baseURL + view.root + "/"
        let urlPrefix = JSONText(urlStart)
        // Room for each todo's members, its longest order and its description unescaped: the body
        // is written in place, and keeps little unused room (the response cache counts its bytes).
        // A description that needs escaping makes the writer move out, copying once.
        let roomPerTodo = 240 + urlStart.utf8.count
        let room = todos.reduce(2) { $0 + roomPerTodo + $1.description.utf8.count }
        // Read in place: the array's subscript handed out a copy of each todo (measured).
        return todos.withUnsafeBufferPointer { todos in
            JSONWriter.renderBody(capacity: room) { writer in
                writer.array(todos.indices) { writer, index in
                    TodoRepresentation.write(todos[index], view: view, to: &writer) { writer, id in
                        writer.fragment(urlPrefix)
                        writer.fragment(upTo: 36) { id.writeLowercased(into: $0) }
                    }
                }
            }
        }
    }
}
