extension ZoomLevel {
    /// Clusters this level's markers into the level for `zoom`, one coarser, as supercluster's
    /// `_cluster` does, and records in `rows.parentIDs` which cluster took each row.
    ///
    /// Greedy in row order: each row not yet taken gathers every untaken row within the zoom's
    /// radius of it. If it found any, they become one cluster at their point-count-weighted
    /// centroid, with an id that encodes this row and `zoom`; if not, the row carries over as it
    /// is. Row order is therefore part of the result, which is why the index sorts pins by id.
    ///
    /// A row with no other row near it ends up alone whatever the order: no row takes it, and it
    /// takes none. Those rows are found first, in the tree's order (`KDTree.itemsAlone`), and the
    /// loop in row order searches only for the others. With the radius widened by the rounding of
    /// the tree's `Float`s, a row found alone is one the search from any row, its own included,
    /// would not have paired with another: the result is the same, bit for bit. A million pins
    /// over the globe are nearly all alone at the finer zooms.
    mutating func clustered(atZoom zoom: Int, pinCount: Int) -> ZoomRows {
        let radius = ClusteringParameters.mercatorRadius(atZoom: zoom)
        let alone = tree.itemsAlone(within: radius + KDTree.roundingSlack)
        var taken = [Bool](repeating: false, count: rows.count)
        var coarser = ZoomRows()
        coarser.reserveCapacity(rows.count)
        var neighbours: [Int] = []

        for row in 0..<rows.count where !taken[row] {
            taken[row] = true
            if alone[row] {
                coarser.append(row: row, of: rows)
                continue
            }
            neighbours.removeAll(keepingCapacity: true)
            tree.appendIndices(within: radius, ofX: rows.xs[row], y: rows.ys[row], to: &neighbours)

            let originCount = rows.pointCounts[row]
            var pointCount = originCount
            for neighbour in neighbours where !taken[neighbour] {
                pointCount += rows.pointCounts[neighbour]
            }

            // With minimumPoints at 2, any untaken neighbour makes a cluster; supercluster's
            // branch for groups too small to cluster is therefore not needed.
            guard pointCount > originCount, pointCount >= ClusteringParameters.minimumPoints else {
                coarser.append(row: row, of: rows)
                continue
            }

            let clusterID = ClusterID(originRow: row, zoom: zoom, pinCount: pinCount).rawValue
            var weightedX = rows.xs[row] * Double(originCount)
            var weightedY = rows.ys[row] * Double(originCount)
            for neighbour in neighbours where !taken[neighbour] {
                taken[neighbour] = true
                let weight = Double(rows.pointCounts[neighbour])
                weightedX += rows.xs[neighbour] * weight
                weightedY += rows.ys[neighbour] * weight
                rows.parentIDs[neighbour] = clusterID
            }
            rows.parentIDs[row] = clusterID
            coarser.append(
                x: weightedX / Double(pointCount),
                y: weightedY / Double(pointCount),
                sourceID: clusterID,
                pointCount: pointCount
            )
        }
        return coarser
    }
}
