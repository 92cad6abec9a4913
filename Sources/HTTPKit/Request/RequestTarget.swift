import Glibc

/// A request target split the way every route reads it: the path, the query after the first `?`,
/// and a `/sandboxes/{name}/` prefix off the front of the path (`SandboxPrefix`).
///
/// Split once, from the bytes as they arrived, so that each part is one string: a target with
/// neither query nor prefix is its own path, and a prefixed target costs no more strings than the
/// same target without its prefix.
public struct RequestTarget: Sendable, Equatable {
    /// The percent-encoded path, without the query — inside the sandbox when a prefix named one.
    public let path: String
    /// The segment after `/sandboxes/` when the path began with that prefix and went on past it,
    /// as sent and unchecked.
    public let sandboxSegment: String?
    /// The raw query string after `?`, or `nil` when the target had none.
    public let query: String?

    /// Splits `text`; without a query or a prefix, `text` itself is the path, shared, not copied.
    public init(_ text: String) {
        let parts = Parts(text.utf8, queryMark: text.utf8.firstIndex(of: Self.queryMark))
        func string(_ range: Range<String.Index>) -> String { String(Substring(text.utf8[range])) }
        path = parts.segment == nil && parts.query == nil ? text : string(parts.path)
        sandboxSegment = parts.segment.map(string)
        query = parts.query.map(string)
    }

    /// Splits `bytes`, a target as it sits in the transport's buffer, copying each part out once.
    /// Its `?` is found with `memchr`: the generic search took ~300 instructions of every request.
    public init(bytes: UnsafeRawBufferPointer) {
        let mark = bytes.baseAddress.flatMap { base in
            memchr(base, Int32(Self.queryMark), bytes.count).map { base.distance(to: $0) }
        }
        let parts = Parts(bytes, queryMark: mark)
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        path = string(parts.path)
        sandboxSegment = parts.segment.map(string)
        query = parts.query.map(string)
    }

    /// The byte that ends the path and starts the query.
    private static let queryMark = UInt8(ascii: "?")

    /// Where each part lies in a target's bytes. By byte: finding a `Character` would walk
    /// grapheme clusters.
    private struct Parts<Index: Comparable> {
        let path: Range<Index>
        let segment: Range<Index>?
        let query: Range<Index>?

        /// The parts of `bytes`, whose first `?` is at `mark`.
        init<Bytes: Collection<UInt8>>(_ bytes: Bytes, queryMark mark: Index?) where Bytes.Index == Index {
            query = mark.map { bytes.index(after: $0)..<bytes.endIndex }
            let pathEnd = mark ?? bytes.endIndex
            if let (segment, inner) = SandboxPrefix.split(bytes[..<pathEnd]) {
                self.segment = segment
                path = inner..<pathEnd
            } else {
                segment = nil
                path = bytes.startIndex..<pathEnd
            }
        }
    }
}
