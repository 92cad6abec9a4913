import Glibc

extension String {
    /// The rest of this path after `prefix` when it is one segment, perhaps empty, with no further
    /// `/`; `nil` otherwise. `/todos/{id}` is `"/todos/x".segment(after: "/todos/") != nil`.
    /// Compared by byte in the strings' own storage (`memcmp`, `memchr`): routing asks it of every
    /// request's path, and walking the bytes through a copy of each string cost ~1,000 instructions.
    public func segment(after prefix: String) -> Substring? {
        let start = prefix.utf8.count
        guard utf8.count >= start else { return nil }
        let isOneSegment = utf8.withContiguousStorageIfAvailable { path in
            prefix.utf8.withContiguousStorageIfAvailable { head in
                // An empty path has no storage to point at, and matches only an empty prefix.
                guard let bytes = path.baseAddress else { return start == 0 }
                let headMatches = start == 0 || head.baseAddress.map { memcmp(bytes, $0, start) == 0 } == true
                return headMatches && memchr(bytes + start, Int32(UInt8(ascii: "/")), path.count - start) == nil
            }
        }
        let matches =
            (isOneSegment ?? nil)
            ?? (utf8.starts(with: prefix.utf8) && !utf8.dropFirst(start).contains(UInt8(ascii: "/")))
        return matches ? Substring(utf8.dropFirst(start)) : nil
    }
}
