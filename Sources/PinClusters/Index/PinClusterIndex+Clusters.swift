extension PinClusterIndex {
    /// The pins and clusters shown at `zoom` inside `box`, in the index's own deterministic order.
    ///
    /// The box is normalised as supercluster's `getClusters` normalises it (see ``BoundingBox``):
    /// one crossing the antimeridian is queried as its eastern then its western half, and one
    /// spanning 360° or more as the whole world. `zoom` is clamped into
    /// `minZoom...maxZoom + 1`. Never fails: a box with NaN edges finds nothing.
    public func clusters(in box: BoundingBox, zoom: Int) -> [ClusterFeature<ID>] {
        let level = level(atZoom: zoom)
        var rows: [Int] = []
        for rect in box.mercatorRects {
            level.tree.appendIndices(in: rect, to: &rows)
        }
        return rows.map { feature(atRow: $0, of: level) }
    }

    /// The level for `zoom`, clamped into the levels that exist.
    func level(atZoom zoom: Int) -> ZoomLevel {
        let clamped = min(max(zoom, ClusteringParameters.minZoom), ClusteringParameters.maxZoom + 1)
        return levels[clamped - ClusteringParameters.minZoom]
    }

    func feature(atRow row: Int, of level: ZoomLevel) -> ClusterFeature<ID> {
        let rows = level.rows
        guard rows.pointCounts[row] > 1 else {
            return .pin(pins[rows.sourceIDs[row]])
        }
        return .cluster(
            PinCluster(
                id: ClusterID(rawValue: rows.sourceIDs[row]),
                pointCount: rows.pointCounts[row],
                longitude: WebMercator.longitude(x: rows.xs[row]),
                latitude: WebMercator.latitude(y: rows.ys[row])
            )
        )
    }
}
