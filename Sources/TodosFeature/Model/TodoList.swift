import Foundation
public import HTTPKit

/// The todos of one list read, kept as the bytes their JSON is written from.
///
/// `GET /todos` reads up to 1,000 todos and writes each one's JSON. Made into `Todo` values on the
/// way, every id was parsed from its stored text and written back as text, and every description
/// became a `String` and then bytes again. Here a backend appends a row's columns as they are
/// stored — the lowercase id and the description's UTF-8 end to end in one buffer, the fixed-size
/// fields beside them — and the JSON is copied from those bytes (`body(baseURL:view:)`). Filtering,
/// sorting and paging (`TodoListQuery`) move entries, never bytes. Read as a collection, it makes
/// each `Todo` when asked.
public struct TodoList: Sendable {
    /// Each todo's 36-byte lowercase id, then its description's UTF-8.
    private(set) var text: [UInt8] = []
    /// One per todo, in list order.
    var entries: [Entry] = []

    /// Where one todo's text is and its fixed-size fields.
    struct Entry: Sendable {
        /// The offset of its id in `text`; its description follows the id.
        let start: Int
        /// The length of its description's UTF-8.
        let descriptionCount: Int
        let isComplete: Bool
        let order: Int
        let createdAt: Timestamp
        let updatedAt: Timestamp

        /// The range of its id in `text`.
        var id: Range<Int> { start..<start + 36 }
        /// The range of its description in `text`.
        var description: Range<Int> { start + 36..<start + 36 + descriptionCount }
    }

    /// An empty list.
    public init() {}

    /// `todos`, in their order.
    public init(_ todos: some Sequence<Todo>) {
        for todo in todos { append(todo) }
    }

    /// Makes room for `count` todos whose descriptions total `descriptionBytes`.
    public mutating func reserveCapacity(_ count: Int, descriptionBytes: Int) {
        entries.reserveCapacity(count)
        text.reserveCapacity(count * 36 + descriptionBytes)
    }

    /// Appends `todo`.
    public mutating func append(_ todo: Todo) {
        let start = text.count
        text.append(contentsOf: repeatElement(0, count: 36))
        text.withUnsafeMutableBufferPointer { text in
            _ = todo.id.writeLowercased(into: UnsafeMutableBufferPointer(rebasing: text[start...]))
        }
        text.append(contentsOf: todo.description.utf8)
        entries.append(
            Entry(
                start: start, descriptionCount: text.count - start - 36, isComplete: todo.isComplete,
                order: todo.order, createdAt: todo.createdAt, updatedAt: todo.updatedAt))
    }

    /// Appends a stored row's columns as they are, and answers whether `id` spells a UUID.
    ///
    /// An id in another case is stored lowercase; a description that is not UTF-8 has its
    /// ill-formed bytes replaced, as `String(decoding:as:)` does.
    public mutating func appendStored(
        id: UnsafeBufferPointer<UInt8>, description: UnsafeBufferPointer<UInt8>, isComplete: Bool, order: Int,
        createdAt: Timestamp, updatedAt: Timestamp
    ) -> Bool {
        let start = text.count
        if UUID.isLowercaseSpelling(id) {
            text.append(contentsOf: id)
        } else if let parsed = UUID(strictUTF8: id) {
            text.append(contentsOf: parsed.lowercased.utf8)
        } else {
            return false
        }
        if Self.isASCII(description) {
            text.append(contentsOf: description)
        } else {
            text.append(contentsOf: String(decoding: description, as: UTF8.self).utf8)
        }
        entries.append(
            Entry(
                start: start, descriptionCount: text.count - start - 36, isComplete: isComplete, order: order,
                createdAt: createdAt, updatedAt: updatedAt))
        return true
    }

    /// Whether every byte is below 0x80, tested eight at a time: the last eight again in part, or
    /// text shorter than that in a word of its own.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        guard raw.count >= 8 else {
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: raw) }
            return word & 0x8080_8080_8080_8080 == 0
        }
        var high = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
        var offset = 0
        while offset + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        return high & 0x8080_8080_8080_8080 == 0
    }
}

extension TodoList: RandomAccessCollection {
    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }

    /// The todo at `position`, made from its bytes.
    public subscript(position: Int) -> Todo {
        let entry = entries[position]
        return text.withUnsafeBufferPointer { text in
            Todo(
                id: UUID(lowercaseSpelling: UnsafeBufferPointer(rebasing: text[entry.id])),
                description: String(decoding: text[entry.description], as: UTF8.self),
                isComplete: entry.isComplete, order: entry.order, createdAt: entry.createdAt,
                updatedAt: entry.updatedAt)
        }
    }
}

extension TodoList: Equatable {
    /// Lists are equal when their todos are, in order.
    public static func == (lhs: TodoList, rhs: TodoList) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension TodoList: ExpressibleByArrayLiteral {
    /// The listed todos, in order.
    public init(arrayLiteral todos: Todo...) {
        self.init(todos)
    }
}

extension TodoList: CustomStringConvertible {
    /// The todos as an array would show them, for test failures.
    public var description: String { Array(self).description }
}
