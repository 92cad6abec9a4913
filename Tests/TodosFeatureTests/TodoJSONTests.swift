import Foundation
import HTTPKit
import Testing

@testable import TodosFeature

@Suite("A todo's JSON, written in fragments")
struct TodoJSONTests {
    static let todos = [
        todo("Buy milk", order: 0, isComplete: false),
        todo(#"Say "hi" \ leave"#, order: -1_000_000_000, isComplete: true),
        todo("tab\there\nnewline\u{1}control\u{1F}", order: 1_000_000_000, isComplete: false),
        todo("Grüße 👋🏽 à bientôt", order: 42, isComplete: true),
        todo("", order: -7, isComplete: false),
        todo(String(repeating: "long \"quoted\" text ", count: 60), order: 3, isComplete: true),
    ]

    static func todo(_ description: String, order: Int, isComplete: Bool) -> Todo {
        Todo(
            id: UUID(), description: description, isComplete: isComplete, order: order,
            createdAt: Timestamp(secondsSince1970: 1_767_225_600 + Int64(order % 1000)),
            updatedAt: Timestamp(secondsSince1970: 4_102_444_799))
    }

    /// The names of a todo's members in `bytes`, in their written order.
    static func members(of bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.matches(of: /"(id|description|isComplete|order|createdAt|updatedAt|url|title|completed)":/)
            .map { String($0.output.1) }
    }

    @Test("every member is present, in api.md's order, and reads back as the todo", arguments: todos)
    func api(todo: Todo) throws {
        let base = #"http://host:8080/sandboxes/a"b"#
        let bytes = JSONWriter.render(capacity: 16) { TodoRepresentation(todo, baseURL: base).write(to: &$0) }
        let object = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["id"] as? String == todo.id.lowercased)
        #expect(object["description"] as? String == todo.description)
        #expect(object["isComplete"] as? Bool == todo.isComplete)
        #expect(object["order"] as? Int == todo.order)
        #expect(object["createdAt"] as? String == todo.createdAt.description)
        #expect(object["updatedAt"] as? String == todo.updatedAt.description)
        #expect(object["url"] as? String == base + "/todos/" + todo.id.lowercased)
        #expect(object.count == 7)
        #expect(
            Self.members(of: bytes) == ["id", "description", "isComplete", "order", "createdAt", "updatedAt", "url"])
    }

    @Test("a list is an array of the same todos, separated once each")
    func list() throws {
        let bytes = TodoList(Self.todos).body(baseURL: "http://localhost:8080")
        let array = try #require(JSONSerialization.jsonObject(with: Data(bytes.bytes)) as? [[String: Any]])
        #expect(array.map { $0["id"] as? String } == Self.todos.map(\.id.lowercased))
        #expect(
            array.map { $0["url"] as? String } == Self.todos.map { "http://localhost:8080/todos/" + $0.id.lowercased })
        for (todo, index) in zip(Self.todos, array.indices) {
            let alone = JSONWriter.render(capacity: 16) {
                TodoRepresentation(todo, baseURL: "http://localhost:8080").write(to: &$0)
            }
            let written = try JSONSerialization.data(withJSONObject: array[index], options: .sortedKeys)
            let reference = try JSONSerialization.data(
                withJSONObject: try JSONSerialization.jsonObject(with: Data(alone)), options: .sortedKeys)
            #expect(written == reference)
        }
    }

    @Test("the Todo-Backend view keeps its own members and URL", arguments: todos)
    func todoBackend(todo: Todo) throws {
        let bytes = JSONWriter.render(capacity: 16) {
            TodoRepresentation(todo, baseURL: "http://localhost:8080", view: .todoBackend).write(to: &$0)
        }
        let object = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["title"] as? String == todo.description)
        #expect(object["completed"] as? Bool == todo.isComplete)
        #expect(object["url"] as? String == "http://localhost:8080/todo-backend/" + todo.id.lowercased)
        #expect(Self.members(of: bytes) == ["id", "title", "completed", "order", "url"])
    }
}
