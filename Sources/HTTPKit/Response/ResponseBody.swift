/// The bytes of a response body.
///
/// Usually an array, whose copy-on-write storage lets a pre-rendered body be handed to every client
/// without copying; the transport copies it once into libevent. A body many connections send —
/// a cached answer, the OpenAPI document — is `sharing()` storage of its own instead, which the
/// transport hands to libevent by reference: every connection writes the same bytes, and none
/// copies them (`SharedBytes`).
public struct ResponseBody: Sendable, Equatable {
    @usableFromInline
    enum Storage: Sendable {
        case array([UInt8])
        case shared(SharedBytes)
    }

    // Inlinable, with the members the transport reads on every answer: across modules, a generic
    // `withUnsafeBytes` left unspecialized cost ~500 instructions an answer (BENCHMARKS.md).
    @usableFromInline let storage: Storage

    /// An empty body.
    public static let empty = Self([])

    /// Bodies from this size up are worth sharing: below it, copying the bytes costs less than the
    /// reference libevent keeps and the release when they are written (BENCHMARKS.md).
    public static let sharedFromCount = 4096

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) {
        storage = .array(bytes)
    }

    /// Sends `shared`'s bytes, which every connection references rather than copies.
    public init(shared: SharedBytes) {
        storage = .shared(shared)
    }

    /// The body bytes, copied out of shared storage.
    public var bytes: [UInt8] {
        switch storage {
        case .array(let bytes): bytes
        case .shared(let shared): shared.withUnsafeBytes { Array($0) }
        }
    }

    /// The shared storage the transport may reference instead of copying; `nil` for an array.
    @inlinable
    public var shared: SharedBytes? {
        guard case .shared(let shared) = storage else { return nil }
        return shared
    }

    /// The same bytes in storage of their own, when they are at least `sharedFromCount` long: one
    /// copy now, none per connection that sends them later.
    public func sharing() -> ResponseBody {
        guard case .array(let bytes) = storage, bytes.count >= Self.sharedFromCount else { return self }
        return ResponseBody(shared: SharedBytes(copying: bytes))
    }

    /// Calls `body` with the bytes, in place.
    @inlinable
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        switch storage {
        case .array(let bytes): try bytes.withUnsafeBytes(body)
        case .shared(let shared): try shared.withUnsafeBytes(body)
        }
    }

    /// The number of bytes.
    @inlinable
    public var count: Int {
        switch storage {
        case .array(let bytes): bytes.count
        case .shared(let shared): shared.count
        }
    }

    /// Whether the body has no bytes.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    @inlinable
    public static func == (lhs: ResponseBody, rhs: ResponseBody) -> Bool {
        switch (lhs.storage, rhs.storage) {
        // Array's own comparison answers at once for two copies of one array.
        case (.array(let left), .array(let right)): left == right
        case (.shared(let left), .shared(let right)) where left === right: true
        default: lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
        }
    }
}
