import PinClusters
public import PinGeometry
import Storage

extension MapPinRepository {
    /// The pins in memory behind a KD-tree (areas) and supercluster's per-zoom trees (clusters),
    /// both built once: a query visits the tree's cells that touch its area, never every pin.
    public static func inMemory(pins: [MapPin] = PinSeed.demo()) -> Self {
        let store = IndexedPins(pins)
        return Self(
            search: { query in store.search(query) },
            pin: { id in
                guard let pin = store.byID[id.lowercased()] else { throw RepositoryError.notFound(notFound(id)) }
                return pin
            },
            clusters: { box, zoom in store.clusters(in: box, zoom: zoom) },
            leaves: { cluster, limit, offset in try store.leaves(of: cluster, limit: limit, offset: offset) }
        )
    }

    static func notFound(_ id: String) -> String {
        "No pin \(id) exists; pin ids are UUIDs from GET /pins."
    }
}

/// The pins and the two indexes over them.
final class IndexedPins: Sendable {
    let byID: [String: MapPin]
    let areas: SpatialIndex<String>
    let clusterIndex: PinClusterIndex<String>

    init(_ pins: [MapPin]) {
        byID = Dictionary(pins.map { ($0.id, $0) }) { first, _ in first }
        areas = SpatialIndex(pins: pins)
        clusterIndex = PinClusterIndex(
            points: pins.map { PinLocation(id: $0.id, longitude: $0.longitude, latitude: $0.latitude) })
    }

    /// api.md §5.1: the area's pins in the documented order, filtered by category, cut to the limit.
    func search(_ query: PinQuery) -> PinPage {
        var total = 0
        var page: [PinMatch] = []
        for match in areas.matches(in: query.area) {
            guard let pin = byID[match.id], query.admits(pin.category) else { continue }
            total += 1
            if page.count < query.limit { page.append(PinMatch(pin: pin, distanceMeters: match.distanceMeters)) }
        }
        return PinPage(pins: page, totalCount: total)
    }

    func clusters(in box: PinGeometry.BoundingBox, zoom: Int) -> [PinClusterItem] {
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

    func leaves(of cluster: ClusterID, limit: Int, offset: Int) throws(RepositoryError) -> [MapPin] {
        do {
            return try clusterIndex.leaves(of: cluster, limit: limit, offset: offset).compactMap { byID[$0.id] }
        } catch {
            throw .notFound("No cluster \(cluster.rawValue) exists; cluster ids come from GET /pins/clusters.")
        }
    }
}
