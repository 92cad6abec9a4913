public import PinGeometry
import Storage

extension MapPinRepository {
    /// The pins in memory behind a KD-tree (areas) and supercluster's per-zoom trees (clusters),
    /// each built once (the clusters' on first use): a query visits the tree's cells that touch its
    /// area, never every pin.
    public static func inMemory(pins: [MapPin] = PinSeed.demo()) -> Self {
        let areas = PinAreas(pins)
        let hierarchy = LazyPinHierarchy { pins }
        return Self(
            search: { query in areas.search(query) },
            pin: { id in
                guard let pin = areas.byID[id.lowercased()] else { throw RepositoryError.notFound(notFound(id)) }
                return pin
            },
            clusters: { box, zoom in try await hierarchy.hierarchy.clusters(in: box, zoom: zoom) },
            leaves: { cluster, limit, offset in
                try await hierarchy.hierarchy.leaves(of: cluster, limit: limit, offset: offset)
            },
            version: { 0 }
        )
    }

    /// The message of a missing pin's 404, the same from every backend.
    package static func notFound(_ id: String) -> String {
        "No pin \(id) exists; pin ids are UUIDs from GET /pins."
    }
}
