public import Foundation
public import HTTPKit

/// A todo, as stored (api.md §2).
///
/// `order` places it in the list (ascending = top to bottom); `createdAt` never changes;
/// `updatedAt` moves only when a field actually changes. The `url` clients see is derived from the
/// id and the request's base, never stored.
public struct Todo: Sendable, Equatable, Hashable {
    /// Client-chosen or server-made; emitted lowercase.
    public var id: UUID
    /// 0–1,000 characters; `""` is allowed.
    public var description: String
    /// Whether the todo is done.
    public var isComplete: Bool
    /// Position in the list, within ±1,000,000,000.
    public var order: Int
    /// When the todo was created (server-set).
    public var createdAt: Timestamp
    /// When a field last changed (server-set).
    public var updatedAt: Timestamp

    /// Creates a todo.
    public init(
        id: UUID,
        description: String,
        isComplete: Bool,
        order: Int,
        createdAt: Timestamp,
        updatedAt: Timestamp
    ) {
        self.id = id
        self.description = description
        self.isComplete = isComplete
        self.order = order
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The longest description, in Swift `Character`s.
    public static let descriptionLimit = 1_000
    /// The range `order` must stay in.
    public static let orderRange = -1_000_000_000...1_000_000_000
    /// The most todos the store holds (api.md §1.2); one more is 409.
    public static let storeLimit = 1_000

    /// The strong ETag of the stored fields: what `GET /todos/{id}` sends and `If-Match` compares.
    ///
    /// A digest of the fields' bytes — the fixed-size ones at fixed offsets, then the description's
    /// UTF-8 — so todos that differ in any stored field differ in their bytes. Hashed as they are,
    /// without rendering them as JSON first, which cost more than writing the todo's answer.
    public var entityTag: String {
        var description = description
        return description.withUTF8 { text in
            withUnsafeTemporaryAllocation(byteCount: Self.fixedFieldBytes + text.count, alignment: 8) { buffer in
                withUnsafeBytes(of: id.uuid) { buffer.copyMemory(from: $0) }
                buffer.storeBytes(of: isComplete ? 1 : 0, toByteOffset: 16, as: UInt8.self)
                buffer.storeBytes(of: Int64(order).littleEndian, toByteOffset: 17, as: Int64.self)
                buffer.storeBytes(of: createdAt.secondsSince1970.littleEndian, toByteOffset: 25, as: Int64.self)
                buffer.storeBytes(of: updatedAt.secondsSince1970.littleEndian, toByteOffset: 33, as: Int64.self)
                UnsafeMutableRawBufferPointer(rebasing: buffer[Self.fixedFieldBytes...]).copyMemory(
                    from: UnsafeRawBufferPointer(text))
                return EntityTag.strong(for: UnsafeRawBufferPointer(buffer))
            }
        }
    }

    /// The bytes of the id, the completion, the order and the two times in `entityTag`'s digest.
    private static let fixedFieldBytes = 16 + 1 + 8 + 8 + 8
}
