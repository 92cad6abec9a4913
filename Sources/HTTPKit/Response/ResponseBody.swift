/// The bytes of a response body.
///
/// A thin wrapper over `[UInt8]`, whose copy-on-write storage already lets a pre-rendered or cached
/// body be handed to every client without copying; the transport copies it once into libevent.
public struct ResponseBody: Sendable, Equatable {
    /// The body bytes.
    public let bytes: [UInt8]

    /// An empty body.
    public static let empty = Self([])

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The number of bytes.
    public var count: Int { bytes.count }

    /// Whether the body has no bytes.
    public var isEmpty: Bool { bytes.isEmpty }
}
