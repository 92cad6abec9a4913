/// An in-memory index over (id, coordinate) answering `GET /pins` areas without scanning every pin.
///
/// The in-memory repository builds it once from its pins and asks it for each query's matches,
/// already in api.md §5.1's order. Boxes are searched as one or two longitude ranges (split at the
/// antimeridian); circles as their bounding box, then filtered by exact haversine distance. Ids
/// sort with `<`, which for lowercase UUID strings is the bytewise order SQL backends use.
///
/// ```swift
/// let index = SpatialIndex(pins: PinSeed.demo())
/// let matches = index.matches(in: query.area)  // then filter by category, count, keep query.limit
/// ```
public struct SpatialIndex<ID: Comparable & Sendable>: Sendable {
    private let tree: KDTree
    /// Ids in tree order.
    private let ids: [ID]

    /// The index over `entries`; coordinates must be finite, longitudes may use either ±180.
    public init(_ entries: [(id: ID, coordinate: Coordinate)]) {
        tree = KDTree(entries.map(\.coordinate))
        ids = tree.inputIndices.map { entries[$0].id }
    }

    /// How many entries the index holds.
    public var count: Int { ids.count }

    /// The entries in `area`, in api.md's order: by distance then id for a circle, by id for a box.
    public func matches(in area: PinArea) -> [SpatialMatch<ID>] {
        switch area {
        case .circle(let circle): matches(in: circle)
        case .box(let box): matches(in: box)
        }
    }

    /// The entries inside `box`, edges included, by id.
    public func matches(in box: BoundingBox) -> [SpatialMatch<ID>] {
        var found: [SpatialMatch<ID>] = []
        forEachPosition(in: box) { position in
            found.append(SpatialMatch(id: ids[position], distanceMeters: nil))
        }
        return found.sorted { $0.id < $1.id }
    }

    /// The entries within `circle`'s radius of its centre, by `distanceMeters` then id.
    public func matches(in circle: CircleArea) -> [SpatialMatch<ID>] {
        var found: [(id: ID, distance: Double)] = []
        forEachPosition(in: circle.bounds) { position in
            let distance = circle.distance(to: tree.coordinate(at: position))
            if distance <= circle.radius { found.append((ids[position], (distance * 10).rounded() / 10)) }
        }
        let ordered = found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        return ordered.map { SpatialMatch(id: $0.id, distanceMeters: $0.distance) }
    }

    private func forEachPosition(in box: BoundingBox, visit: (Int) -> Void) {
        // The two ranges of a split box never overlap: the west one ends before 180, which no stored
        // (wrapped) longitude reaches, and the east one starts at −180 only when the first does not.
        for longitudes in box.longitudeRanges.all {
            tree.search(longitudes: longitudes, latitudes: box.south...box.north, visit: visit)
        }
    }
}

extension SpatialIndex where ID == String {
    /// The index over `pins`, keyed by their ids.
    public init(pins: [MapPin]) {
        self.init(pins.map { (id: $0.id, coordinate: $0.coordinate) })
    }
}
