extension String {
    /// Whether this path is `prefix` followed by one segment, perhaps empty, with no further `/`:
    /// `/todos/{id}` is `"/todos/x".isOneSegment(after: "/todos/")`. Compared by byte in the
    /// strings' own storage — routing asks it of every request's path.
    public func isOneSegment(after prefix: String) -> Bool {
        var path = self
        var prefix = prefix
        return path.withUTF8 { path in
            prefix.withUTF8 { head in
                path.count >= head.count && path.prefix(head.count).elementsEqual(head)
                    && path[head.count...].firstIndex(of: UInt8(ascii: "/")) == nil
            }
        }
    }
}
