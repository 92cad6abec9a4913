extension PinClusterIndex {
    /// The pins inside a cluster, a page at a time: at most `limit` of them after skipping
    /// `offset`, in the order supercluster's `getLeaves` walks the cluster's children.
    ///
    /// Pass `limit: .max` for all of them. A `limit` of 0 or less gives none (supercluster would
    /// read 0 as its default of 10), and a negative `offset` counts as 0.
    ///
    /// - Throws: ``UnknownClusterError`` when `clusterID` names no cluster of this index.
    public func leaves(of clusterID: ClusterID, limit: Int = 10, offset: Int = 0) throws(UnknownClusterError)
        -> [PinLocation<ID>]
    {
        var page = LeafPage<ID>(limit: limit, offset: max(0, offset))
        try appendLeaves(of: clusterID, to: &page)
        return page.leaves
    }

    /// Recurses once per zoom level at most, so its depth is bounded by `maxZoom + 2`.
    private func appendLeaves(of clusterID: ClusterID, to page: inout LeafPage<ID>) throws(UnknownClusterError) {
        for child in try children(of: clusterID) {
            guard !page.isFull else { return }
            switch child {
            case .cluster(let cluster):
                if page.skipped + cluster.pointCount <= page.offset {
                    page.skipped += cluster.pointCount
                } else {
                    try appendLeaves(of: cluster.id, to: &page)
                }
            case .pin(let pin):
                if page.skipped < page.offset {
                    page.skipped += 1
                } else {
                    page.leaves.append(pin)
                }
            }
        }
    }
}

/// The state of one ``PinClusterIndex/leaves(of:limit:offset:)`` walk.
struct LeafPage<ID: Comparable & Sendable> {
    let limit: Int
    let offset: Int
    var skipped = 0
    var leaves: [PinLocation<ID>] = []

    var isFull: Bool { leaves.count >= limit }
}
