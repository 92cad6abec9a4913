extension PinClusterIndex {
    /// The markers one zoom finer that make up a cluster: its own pins and smaller clusters.
    ///
    /// Found as supercluster's `getChildren` finds them: the rows, in the level the cluster grew
    /// from, within the cluster's radius of its origin row and taken by it.
    ///
    /// - Throws: ``UnknownClusterError`` when `clusterID` names no cluster of this index.
    public func children(of clusterID: ClusterID) throws(UnknownClusterError) -> [ClusterFeature<ID>] {
        let origin = try origin(of: clusterID)
        let level = levels[origin.zoom - ClusteringParameters.minZoom]
        let radius = ClusteringParameters.mercatorRadius(atZoom: origin.zoom - 1)
        var rows: [Int] = []
        level.tree.appendIndices(
            within: radius, ofX: level.rows.xs[origin.row], y: level.rows.ys[origin.row], to: &rows)
        return rows.filter { level.rows.parentIDs[$0] == clusterID.rawValue }.map { feature(atRow: $0, of: level) }
    }

    /// The first zoom at which a cluster breaks into more than one marker: where a map should
    /// zoom to when the cluster is tapped.
    ///
    /// At most `maxZoom + 1`, where every pin stands alone.
    ///
    /// - Throws: ``UnknownClusterError`` when `clusterID` names no cluster of this index.
    public func expansionZoom(of clusterID: ClusterID) throws(UnknownClusterError) -> Int {
        var current = clusterID
        var zoom = try origin(of: clusterID).zoom - 1
        while zoom <= ClusteringParameters.maxZoom {
            let children = try children(of: current)
            zoom += 1
            guard children.count == 1, case .cluster(let only) = children[0] else { break }
            current = only.id
        }
        return zoom
    }

    /// Decodes `clusterID` into the zoom of the level it grew from and its row there, and checks
    /// that the row really is the origin of that cluster.
    func origin(of clusterID: ClusterID) throws(UnknownClusterError) -> (zoom: Int, row: Int) {
        let unknown = UnknownClusterError(clusterID: clusterID, pinCount: pinCount)
        guard clusterID.rawValue >= pinCount else { throw unknown }
        let offset = clusterID.rawValue - pinCount
        let zoom = offset & 31
        let row = offset >> 5
        guard (ClusteringParameters.minZoom + 1...ClusteringParameters.maxZoom + 1).contains(zoom) else {
            throw unknown
        }
        let rows = levels[zoom - ClusteringParameters.minZoom].rows
        guard row < rows.count, rows.parentIDs[row] == clusterID.rawValue else { throw unknown }
        return (zoom, row)
    }
}
