/// Clusters of map pins for every zoom, built once and then queried by area and by cluster id.
///
/// A Swift port of the algorithm of Mapbox's supercluster (ISC licence): greedy clustering on a
/// KD-tree per zoom in Web Mercator space, with supercluster's defaults fixed as
/// ``ClusteringParameters``.
///
/// **Pixel space.** Positions are projected to Web Mercator scaled to 0…1 across the world, as
/// supercluster's `lngX`/`latY` do, and stored as `Float` in the trees, as supercluster's
/// `Float32Array` trees store them. At zoom z the cluster radius there is
/// `radius / (extent * 2^z)` (supercluster: `const r = radius / (extent * Math.pow(2, zoom));`),
/// so with radius 40 and extent 512 the radius is 40 px of a 512 px tile, Mapbox GL's tile size.
/// A map whose zoom counts 256 px tiles (Leaflet, Google Maps) is at zoom z - 1 in this space
/// when at its zoom z: asking for its own zoom gives a radius of 20 of its pixels.
///
/// **Determinism.** Greedy clustering depends on the order of its input, so the initialiser sorts
/// the pins by id (then longitude, then latitude, for duplicate ids) before building: the same
/// pins give the same clusters, ids and centroids in whatever order they are passed.
///
/// **Building.** The finest level, zoom `maxZoom + 1`, holds every pin on its own; each zoom from
/// `maxZoom` down to `minZoom` clusters the level above it, so clusters nest across zooms, counts
/// add up, and a cluster's centroid is weighted by its parts' point counts. Building is O(n log n)
/// per zoom and runs on the caller's thread; the result is an immutable value, safe to share.
///
/// **Zooms** outside `minZoom...maxZoom + 1` are clamped into that range, as supercluster does:
/// any zoom past ``ClusteringParameters/maxZoom`` reads the level where every pin is on its own.
///
/// **Pins** whose longitude is outside −180…180 or whose latitude is outside −90…90 (NaN and
/// infinities included) are left out, much as supercluster leaves out features without a
/// geometry; ``pinCount`` says how many were kept.
///
/// ```swift
/// let index = PinClusterIndex(points: pins.map {
///     PinLocation(id: $0.id, longitude: $0.longitude, latitude: $0.latitude)
/// })
/// let fiji = BoundingBox(west: 177, south: -20, east: -178, north: -16)
/// for feature in index.clusters(in: fiji, zoom: 8) { … }
/// let page = try index.leaves(of: clusterID, limit: 50, offset: 0)  // UnknownClusterError → 404
/// ```
public struct PinClusterIndex<ID: Comparable & Sendable>: Sendable {
    /// The indexed pins, sorted; rows of the finest level refer to them by position.
    let pins: [PinLocation<ID>]
    /// `levels[z]` holds the markers at zoom `z`, for `z` in `minZoom...maxZoom + 1`.
    let levels: [ZoomLevel]

    /// Builds the clusters of `points` for every zoom.
    public init(points: some Sequence<PinLocation<ID>>) {
        pins = points.filter(Self.isIndexable).sorted {
            ($0.id, $0.longitude, $0.latitude) < ($1.id, $1.longitude, $1.latitude)
        }
        var finest = ZoomRows()
        finest.reserveCapacity(pins.count)
        for (position, pin) in pins.enumerated() {
            // Rounded to Float like supercluster's `fround`, so that centroids match its own.
            finest.append(
                x: Double(Float(WebMercator.x(longitude: pin.longitude))),
                y: Double(Float(WebMercator.y(latitude: pin.latitude))),
                sourceID: position,
                pointCount: 1
            )
        }

        var levelsFromFinest = [ZoomLevel(rows: finest)]
        for zoom in stride(from: ClusteringParameters.maxZoom, through: ClusteringParameters.minZoom, by: -1) {
            let coarser = levelsFromFinest[levelsFromFinest.count - 1].clustered(atZoom: zoom, pinCount: pins.count)
            levelsFromFinest.append(ZoomLevel(rows: coarser))
        }
        levels = levelsFromFinest.reversed()
    }

    /// How many pins the index holds: those passed in, less any with coordinates out of range.
    public var pinCount: Int { pins.count }

    private static func isIndexable(_ pin: PinLocation<ID>) -> Bool {
        (-180...180).contains(pin.longitude) && (-90...90).contains(pin.latitude)
    }
}
