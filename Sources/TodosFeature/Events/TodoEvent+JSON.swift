import Foundation
public import HTTPKit

/// An event's `data`, one envelope for every kind, so a client decodes every event with one
/// `Decodable`: `type` says which, `todo` is the todo exactly as `GET /todos/{id}` answers this
/// subscriber (its `url` on the subscriber's own base URL), `ids` the todos removed or the new order.
///
/// ```json
/// {"type":"updated","todo":{"id":"…","title":"Milk","completed":true,"order":3,"url":"…"}}
/// {"type":"deleted","ids":["…"]}
/// {"type":"refetch"}
/// ```
public struct TodoEventData: JSONWritable {
    let change: TodoEvent.Change
    let baseURL: String

    /// `change` as a subscriber whose URLs start with `baseURL` reads it.
    public init(_ change: TodoEvent.Change, baseURL: String) {
        self.change = change
        self.baseURL = baseURL
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            switch change {
            case .created(let todo):
                object.member("type", "created")
                object.member("todo", TodoRepresentation(todo, baseURL: baseURL))
            case .updated(let todo):
                object.member("type", "updated")
                object.member("todo", TodoRepresentation(todo, baseURL: baseURL))
            case .deleted(let ids):
                object.member("type", "deleted")
                object.member("ids", ids)
            case .reordered(let ids):
                object.member("type", "reordered")
                object.member("ids", ids)
            case .refetch:
                object.member("type", "refetch")
            }
        }
    }
}

extension TodoEvent {
    /// The event on the wire (`text/event-stream`) for a subscriber whose URLs start with `baseURL`.
    public func serverSent(baseURL: String) -> [UInt8] {
        // Only a todo carries a URL; ids and a refetch read the same to every subscriber.
        let key: String
        switch change {
        case .created, .updated: key = baseURL
        case .deleted, .reordered, .refetch: key = ""
        }
        return renderings.bytes(for: key) {
            var writer = JSONWriter()
            TodoEventData(change, baseURL: baseURL).write(to: &writer)
            return ServerSentEvent.event(id: id.description, data: writer.bytes)
        }
    }
}
