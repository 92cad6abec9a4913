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
        let (baseURL, root) = (baseURL, view.root + "/")
        todo.withFields { fields in
            Self.write(fields, view: view, to: &writer) { writer in
                writer.escapedFragment(baseURL)
                writer.escapedFragment(root)
                writer.fragment(fields.id)
            }
        }
    }

    /// Writes a todo's `fields` in `view`, with `url` writing its URL, unquoted: the one place a
    /// todo's JSON is spelled, for a todo alone and for each of a list's (`TodoList.body`).
    ///
    /// In fragments (`JSONWriter.beginValue()`): a todo is the value written most, up to 1,000 in a
    /// list.
    static func write(
        _ fields: TodoFields, view: TodoView, to writer: inout JSONWriter, url: (inout JSONWriter) -> Void
    ) {
        writer.beginValue()
        writer.fragment(#"{"id":""#)
        writer.fragment(fields.id)
        switch view {
        case .api:
            writer.fragment(#"","description":""#)
            writer.escapedFragment(fields.description)
            writer.fragment(fields.isComplete ? #"","isComplete":true,"order":"# : #"","isComplete":false,"order":"#)
            writer.digitsFragment(fields.order)
            writer.fragment(#","createdAt":""#)
            writer.fragment(upTo: 20) { fields.createdAt.writeRFC3339(into: $0) }
            writer.fragment(#"","updatedAt":""#)
            writer.fragment(upTo: 20) { fields.updatedAt.writeRFC3339(into: $0) }
            writer.fragment(#"","url":""#)
        case .todoBackend:
            writer.fragment(#"","title":""#)
            writer.escapedFragment(fields.description)
            writer.fragment(fields.isComplete ? #"","completed":true,"order":"# : #"","completed":false,"order":"#)
            writer.digitsFragment(fields.order)
            writer.fragment(#","url":""#)
        }
        url(&writer)
        writer.fragment(#""}"#)
        writer.endValue()
    }
}

/// The fields a todo's JSON is written from, its id and description as bytes where they are kept.
struct TodoFields {
    /// The 36 bytes of the lowercase id.
    let id: UnsafeBufferPointer<UInt8>
    /// The description's UTF-8.
    let description: UnsafeBufferPointer<UInt8>
    let isComplete: Bool
    let order: Int
    let createdAt: Timestamp
    let updatedAt: Timestamp
}

extension Todo {
    /// Calls `body` with this todo's fields: its id spelled into a buffer on the stack, its
    /// description's UTF-8 in place.
    func withFields<Result>(_ body: (TodoFields) -> Result) -> Result {
        var description = description
        return description.withUTF8 { description in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { id in
                _ = self.id.writeLowercased(into: id)
                return body(
                    TodoFields(
                        id: UnsafeBufferPointer(id), description: description, isComplete: isComplete,
                        order: order, createdAt: createdAt, updatedAt: updatedAt))
            }
        }
    }
}

extension TodoList {
    /// The JSON body of the list: a bare array (api.md §2.1), written from the todos' bytes.
    func body(baseURL: String, view: TodoView = .api) -> ResponseBody {
        // Every todo's URL starts the same: escaped once, not once a todo (2 % of a list: measured).
        let urlStart = baseURL + view.root + "/"
        let urlPrefix = JSONText(urlStart)
        // Room for each todo's members, its longest order and its text unescaped (the id twice): the
        // body is written in place, and keeps little unused room (the response cache counts its
        // bytes). A description that needs escaping makes the writer move out, copying once.
        let room = 2 + entries.count * (240 + urlStart.utf8.count) + text.count
        return text.withUnsafeBufferPointer { text in
            entries.withUnsafeBufferPointer { entries in
                JSONWriter.renderBody(capacity: room) { writer in
                    writer.array(entries.indices) { writer, index in
                        let entry = entries[index]
                        let fields = TodoFields(
                            id: UnsafeBufferPointer(rebasing: text[entry.id]),
                            description: UnsafeBufferPointer(rebasing: text[entry.description]),
                            isComplete: entry.isComplete, order: entry.order, createdAt: entry.createdAt,
                            updatedAt: entry.updatedAt)
                        TodoRepresentation.write(fields, view: view, to: &writer) { writer in
                            writer.fragment(urlPrefix)
                            writer.fragment(fields.id)
                        }
                    }
                }
            }
        }
    }
}
