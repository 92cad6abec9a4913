/// Every distinct search token of an index, numbered, so matching compares integers.
///
/// Built once with the index (the seeded data never changes). A query's tokens are looked up once
/// per search; a prefix token (api.md §3.3's 0.5 match) becomes the set of every known token it
/// begins, found with one pass over the vocabulary.
struct Vocabulary: Sendable {
    private(set) var ids: [String: Int32] = [:]

    /// The id of `token`, adding it when new.
    mutating func intern(_ token: String) -> Int32 {
        if let id = ids[token] { return id }
        let id = Int32(ids.count)
        ids[token] = id
        return id
    }

    /// The id of a known token.
    func id(of token: String) -> Int32? { ids[token] }

    /// The ids of every known token that begins with `prefix`.
    func ids(beginningWith prefix: String) -> Set<Int32> {
        var found = Set<Int32>()
        for (token, id) in ids where token.utf8.starts(with: prefix.utf8) { found.insert(id) }
        return found
    }
}
