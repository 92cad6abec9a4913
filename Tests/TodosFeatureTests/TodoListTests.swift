import Foundation
import HTTPKit
import Testing

@testable import TodosFeature

@Suite("A list read's todos, kept as the bytes their JSON is written from")
struct TodoListTests {
    static let todos = TodoJSONTests.todos

    /// `todo` appended as a backend appends a stored row, its id spelled `id`.
    static func appendStored(_ todo: Todo, id: String, description: [UInt8]? = nil, to list: inout TodoList) -> Bool {
        let id = Array(id.utf8)
        let description = description ?? Array(todo.description.utf8)
        return id.withUnsafeBufferPointer { id in
            description.withUnsafeBufferPointer { description in
                list.appendStored(
                    id: id, description: description, isComplete: todo.isComplete, order: todo.order,
                    createdAt: todo.createdAt, updatedAt: todo.updatedAt)
            }
        }
    }

    @Test("todos appended as values or as stored rows read back as the same todos")
    func readsBack() {
        var stored = TodoList()
        for todo in Self.todos {
            #expect(Self.appendStored(todo, id: todo.id.lowercased, to: &stored))
        }
        #expect(Array(TodoList(Self.todos)) == Self.todos)
        #expect(Array(stored) == Self.todos)
        #expect(stored == TodoList(Self.todos))
    }

    @Test(
        "both ways of filling a list write the same bytes as each todo alone, in both views",
        arguments: [TodoView.api, .todoBackend])
    func sameJSON(view: TodoView) throws {
        var stored = TodoList()
        for todo in Self.todos { _ = Self.appendStored(todo, id: todo.id.uuidString, to: &stored) }
        let base = "http://localhost:8080"
        let alone = Self.todos.map { todo in
            String(
                decoding: JSONWriter.render(capacity: 16) {
                    TodoRepresentation(todo, baseURL: base, view: view).write(to: &$0)
                }, as: UTF8.self)
        }
        let expected = "[" + alone.joined(separator: ",") + "]"
        #expect(String(decoding: stored.body(baseURL: base, view: view).bytes, as: UTF8.self) == expected)
        #expect(String(decoding: TodoList(Self.todos).body(baseURL: base, view: view).bytes, as: UTF8.self) == expected)
    }

    @Test("a stored id in capitals is kept lowercase; one that spells no UUID is refused")
    func storedIDs() {
        let todo = Self.todos[0]
        var list = TodoList()
        #expect(Self.appendStored(todo, id: todo.id.uuidString, to: &list))
        #expect(list.first?.id == todo.id)
        #expect(String(decoding: list.text.prefix(36), as: UTF8.self) == todo.id.lowercased)
        for malformed in ["", "not-a-uuid", String(todo.id.lowercased.dropLast()), "{" + todo.id.lowercased + "}"] {
            #expect(!Self.appendStored(todo, id: malformed, to: &list), "\(malformed)")
        }
        #expect(list.count == 1)
    }

    @Test("a stored description that is not UTF-8 has its ill-formed bytes replaced, as a String would")
    func storedText() {
        let todo = Self.todos[3]
        var list = TodoList()
        let invalid: [UInt8] = Array("Grüße ".utf8) + [0xFF, 0xC3] + Array(" end".utf8)
        #expect(Self.appendStored(todo, id: todo.id.lowercased, description: invalid, to: &list))
        #expect(list.first?.description == String(decoding: invalid, as: UTF8.self))
        #expect(list.first?.description.contains("\u{FFFD}") == true)
        // Shorter than a word, the test the longer text takes word by word.
        for short in [[0xFF], Array("é".utf8), [UInt8(ascii: "a"), 0xC3]] as [[UInt8]] {
            #expect(Self.appendStored(todo, id: todo.id.lowercased, description: short, to: &list))
            #expect(list.last?.description == String(decoding: short, as: UTF8.self))
        }
    }

    @Test(
        "a query filters, searches, sorts and pages the entries as it would the todos",
        arguments: [
            TodoListQuery(), makeQuery(filter: .active), makeQuery(search: "E"),
            makeQuery(sort: [.init(field: .description, descending: true)]),
            makeQuery(sort: [.init(field: .isComplete, descending: false), .init(field: .updatedAt, descending: true)]),
            makeQuery(filter: .completed, page: .init(number: 1, size: 2)), makeQuery(page: .init(number: 2, size: 4)),
            makeQuery(page: .init(number: Int.max, size: 100)),
        ])
    func appliesQuery(_ query: TodoListQuery) {
        // Ties on every key but the id: the id decides.
        let todos =
            Self.todos
            + Self.todos.map {
                Todo(
                    id: UUID(), description: $0.description, isComplete: $0.isComplete, order: $0.order,
                    createdAt: $0.createdAt, updatedAt: $0.updatedAt)
            }
        let (items, total) = query.apply(to: TodoList(todos.shuffled()))
        var expected = todos.filter { query.filter.includes($0) }
        if let needle = query.search?.lowercased() {
            expected.removeAll { !$0.description.lowercased().contains(needle) }
        }
        expected.sort { lhs, rhs in
            for key in query.sort + [TodoSortKey(field: .createdAt, descending: false)] {
                let (a, b) = Self.sortValues(lhs, rhs, key.field)
                if a != b { return key.descending ? b.lexicographicallyPrecedes(a) : a.lexicographicallyPrecedes(b) }
            }
            return lhs.id.lowercased < rhs.id.lowercased
        }
        #expect(total == expected.count)
        if let page = query.page {
            let start = min(
                expected.count,
                (page.number - 1).multipliedReportingOverflow(by: page.size).overflow
                    ? expected.count : (page.number - 1) * page.size)
            expected = Array(expected[start..<min(expected.count, start + page.size)])
        }
        #expect(Array(items) == expected)
    }

    static func makeQuery(
        filter: TodoFilter = .all, search: String? = nil, sort: [TodoSortKey]? = nil, page: TodoListQuery.Page? = nil
    ) -> TodoListQuery {
        var query = TodoListQuery()
        query.filter = filter
        query.search = search
        if let sort { query.sort = sort }
        query.page = page
        return query
    }

    /// Each todo's `field` as bytes that sort as the field does.
    static func sortValues(_ lhs: Todo, _ rhs: Todo, _ field: TodoSortKey.Field) -> ([UInt8], [UInt8]) {
        func bytes(_ todo: Todo) -> [UInt8] {
            func number(_ value: Int64) -> [UInt8] {
                withUnsafeBytes(of: (UInt64(bitPattern: value) ^ (1 << 63)).bigEndian, Array.init)
            }
            switch field {
            case .order: return number(Int64(todo.order))
            case .createdAt: return number(todo.createdAt.secondsSince1970)
            case .updatedAt: return number(todo.updatedAt.secondsSince1970)
            case .isComplete: return [todo.isComplete ? 1 : 0]
            case .description: return Array(todo.description.utf8)
            }
        }
        return (bytes(lhs), bytes(rhs))
    }
}
