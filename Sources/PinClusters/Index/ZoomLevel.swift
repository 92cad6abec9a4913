/// One zoom of the cluster hierarchy: its markers and the KD-tree that finds them by position.
struct ZoomLevel: Sendable {
    var rows: ZoomRows
    let tree: KDTree

    init(rows: ZoomRows) {
        self.rows = rows
        tree = KDTree(xs: rows.xs, ys: rows.ys)
    }
}
