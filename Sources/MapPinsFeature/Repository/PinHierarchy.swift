package import PinClusters
package import PinGeometry
package import Storage

/// supercluster's per-zoom trees over every pin, with the pins they stand for: clusters and their
/// leaves for every backend (derived data, built once).
package final class PinHierarchy: Sendable {
    /// Every pin, sorted by id.
    let pins: [MapPin]
    /// The clusters, over each pin's position in `pins` as its id: positions follow the ids'
    /// order, so the clusters are those of the pins' ids, and a marker names its pin without a
    /// lookup. With the ids themselves, a million pins spent a second in `String` copies and
    /// comparisons the index (generic over its ids, in another module) makes unspecialised, and
    /// ~100 MiB on a dictionary to find a marker's pin by id (BENCHMARKS.md, fiftieth run).
    let clusterIndex: PinClusterIndex<Int>

    /// The hierarchy of `pins`, which SQLite and PostgreSQL read sorted by id, and which are sorted
    /// here otherwise: by id, then position, as the index orders its points, so that the same pins
    /// in any order make the same clusters even where ids repeat.
    package init(_ pins: [MapPin]) {
        let isSorted = zip(pins, pins.dropFirst()).allSatisfy { !Self.precedes($1, $0) }
        let sorted = isSorted ? pins : pins.sorted(by: Self.precedes)
        self.pins = sorted
        clusterIndex = PinClusterIndex(
            points: sorted.enumerated().map { PinLocation(id: $0, longitude: $1.longitude, latitude: $1.latitude) })
    }

    private static func precedes(_ first: MapPin, _ second: MapPin) -> Bool {
        (first.id, first.longitude, first.latitude) < (second.id, second.longitude, second.latitude)
    }

    package func clusters(in box: PinGeometry.BoundingBox, zoom: Int) -> [PinClusterItem] {
        let area =
            box.spansAllLongitudes
            ? PinClusters.BoundingBox(west: -180, south: box.south, east: 180, north: box.north)
            : PinClusters.BoundingBox(west: box.west, south: box.south, east: box.east, north: box.north)
        return clusterIndex.clusters(in: area, zoom: zoom).map { feature in
            switch feature {
            case .cluster(let cluster):
                let expansion = (try? clusterIndex.expansionZoom(of: cluster.id)) ?? zoom + 1
                return .cluster(cluster, expansionZoom: expansion)
            case .pin(let location):
                return .pin(pins[location.id])
            }
        }
    }

    package func leaves(of cluster: ClusterID, limit: Int, offset: Int) throws(RepositoryError) -> [MapPin] {
        do {
            return try clusterIndex.leaves(of: cluster, limit: limit, offset: offset).map { pins[$0.id] }
        } catch {
            throw .notFound("No cluster \(cluster.rawValue) exists; cluster ids come from GET /pins/clusters.")
        }
    }
}
