import Glibc

extension String {
    /// The rest of this path after `prefix` when it is one segment, perhaps empty, with no further
    /// `/`; `nil` otherwise. `/todos/{id}` is `"/todos/x".segment(after: "/todos/") != nil`.
    /// Compared by byte in the strings' own storage (`memcmp`, `memchr`): routing asks it of every
    /// request's path, and generic slice comparisons cost ~1,000 instructions of a todo's request.
    public func segment(after prefix: String) -> Substring? {
        var path = self
        var head = prefix
        let isOneSegment = path.withUTF8 { path in
            head.withUTF8 { head in
                guard path.count >= head.count else { return false }
                // An empty buffer has no storage to point at: an empty path matches an empty prefix.
                guard let bytes = path.baseAddress else { return true }
                let headMatches = head.baseAddress.map { memcmp(bytes, $0, head.count) == 0 } ?? true
                return headMatches
                    && memchr(bytes + head.count, Int32(UInt8(ascii: "/")), path.count - head.count) == nil
            }
        }
        return isOneSegment ? Substring(utf8.dropFirst(prefix.utf8.count)) : nil
    }
}
