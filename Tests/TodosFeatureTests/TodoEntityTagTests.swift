import Foundation
import HTTPKit
import Testing
import TodosFeature

/// A todo's ETag is what `If-Match` compares: it must change with every stored field and with
/// nothing else.
@Suite("A todo's ETag")
struct TodoEntityTagTests {
    static let todo = Todo(
        id: UUID(uuidString: "00000000-0000-4000-8000-000000000042")!,
        description: "Todo number 42",
        isComplete: true,
        order: 41,
        createdAt: Timestamp(secondsSince1970: 1_767_228_120),
        updatedAt: Timestamp(secondsSince1970: 1_767_228_120)
    )

    @Test("equal todos have equal tags: a strong tag of 16 hex digits in quotes")
    func equalTodos() {
        let copy = Self.todo
        #expect(copy.entityTag == Self.todo.entityTag)
        let tag = Self.todo.entityTag
        #expect(tag.utf8.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
        let digits = tag.dropFirst().dropLast()
        #expect(digits.allSatisfy { $0.isHexDigit })
    }

    @Test(
        "each stored field changes the tag",
        arguments: [
            { $0.id = UUID(uuidString: "00000000-0000-4000-8000-000000000043")! },
            { $0.description = "Todo number 43" },
            { $0.description = "Todo number 42 " },
            { $0.isComplete = false },
            { $0.order = 42 },
            { $0.createdAt = Timestamp(secondsSince1970: 1_767_228_121) },
            { $0.updatedAt = Timestamp(secondsSince1970: 1_767_228_121) },
        ] as [@Sendable (inout Todo) -> Void])
    func fieldChanges(change: @Sendable (inout Todo) -> Void) {
        var changed = Self.todo
        change(&changed)
        #expect(changed.entityTag != Self.todo.entityTag)
    }

    @Test("a description with multi-byte characters, and one past the inline room, are tagged whole")
    func longDescriptions() {
        var first = Self.todo
        var second = Self.todo
        first.description = String(repeating: "ü", count: 999) + "a"
        second.description = String(repeating: "ü", count: 999) + "b"
        #expect(first.entityTag != second.entityTag)
    }
}
