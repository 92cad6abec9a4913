extension String {
    /// Whether this path is `other`, byte for byte: their byte counts are compared first.
    ///
    /// Routing compares a request's path with every literal of each route table it passes, and
    /// most of those comparisons fail. `==` compares a path longer than 15 bytes with a literal
    /// through the standard library's general comparison (~100 instructions), even when their
    /// lengths alone tell them apart; a cached `GET /todos/{id}` made 17 such comparisons. Paths
    /// are the request target's visible ASCII, so bytes are what tells two apart.
    @inlinable
    public func equalsPath(_ other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}
