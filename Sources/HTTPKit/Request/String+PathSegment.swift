extension String {
    /// The rest of this path after `prefix` when it is one segment, perhaps empty, with no further
    /// `/`; `nil` otherwise. `/todos/{id}` is `"/todos/x".segment(after: "/todos/") != nil`.
    /// Compared by byte in the strings' own storage — routing asks it of every request's path.
    public func segment(after prefix: String) -> Substring? {
        var path = self
        var head = prefix
        let isOneSegment = path.withUTF8 { path in
            head.withUTF8 { head in
                path.count >= head.count && path.prefix(head.count).elementsEqual(head)
                    && path[head.count...].firstIndex(of: UInt8(ascii: "/")) == nil
            }
        }
        return isOneSegment ? Substring(utf8.dropFirst(prefix.utf8.count)) : nil
    }
}
