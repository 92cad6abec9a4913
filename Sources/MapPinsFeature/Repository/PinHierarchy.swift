package import PinClusters
package import PinGeometry
package import Storage

/// supercluster's per-zoom trees over every pin, with the pins they stand for: clusters and their
/// leaves for every backend (derived data, built once).
package final class PinHierarchy: Sendable {
    let byID: [String: MapPin]
    let clusterIndex: PinClusterIndex<String>

    package init(_ pins: [MapPin]) {
        byID = Dictionary(pins.map { ($0.id, $0) }) { first, _ in first }
        clusterIndex = PinClusterIndex(
            points: pins.map { PinLocation(id: $0.id, longitude: $0.longitude, latitude: $0.latitude) })
    }

    package func clusters(in box: PinGeometry.BoundingBox, zoom: Int) -> [PinClusterItem] {
        let area =
            box.spansAllLongitudes
            ? PinClusters.BoundingBox(west: -180, south: box.south, east: 180, north: box.north)
            : PinClusters.BoundingBox(west: box.west, south: box.south, east: box.east, north: box.north)
        return clusterIndex.clusters(in: area, zoom: zoom).compactMap { feature in
            switch feature {
            case .cluster(let cluster):
                let expansion = (try? clusterIndex.expansionZoom(of: cluster.id)) ?? zoom + 1
                return .cluster(cluster, expansionZoom: expansion)
            case .pin(let location):
                return byID[location.id].map(PinClusterItem.pin)
            }
        }
    }

    package func leaves(of cluster: ClusterID, limit: Int, offset: Int) throws(RepositoryError) -> [MapPin] {
        do {
            return try clusterIndex.leaves(of: cluster, limit: limit, offset: offset).compactMap { byID[$0.id] }
        } catch {
            throw .notFound("No cluster \(cluster.rawValue) exists; cluster ids come from GET /pins/clusters.")
        }
    }
}
