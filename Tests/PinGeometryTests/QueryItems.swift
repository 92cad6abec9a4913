import PinGeometry

/// `name=value&…` split into query items, for tests that write queries as in a URL (no escapes).
func queryItems(_ query: String) -> [(name: String, value: String)] {
    query.split(separator: "&").map { item in
        let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
}

/// The query parsed from `query`, or the error it threw.
func parse(_ query: String) -> Result<PinQuery, PinQueryError> {
    Result { () throws(PinQueryError) in try PinQuery(queryItems: queryItems(query)) }
}
