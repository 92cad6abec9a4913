public import PinClusters
public import PinGeometry

/// A public request to the map pins, as the router builds it from HTTP (api.md §5).
public struct MapPinsRequest: Sendable, Equatable {
    /// What the client asks for.
    public var operation: Operation
    /// Whether the answer is GeoJSON (`Accept: application/geo+json`) rather than a plain array.
    public var inGeoJSON: Bool

    /// Creates a request.
    public init(_ operation: Operation, inGeoJSON: Bool = false) {
        self.operation = operation
        self.inGeoJSON = inGeoJSON
    }

    /// The response cache's key: the parsed, snapped request, so nearby areas share one entry.
    /// Spelled out rather than `"\(operation)"`, whose reflection cost more than a cached answer.
    public var cacheKey: String {
        let form = inGeoJSON ? "geo " : "json "
        switch operation {
        case .search(let query):
            let categories = query.categories.map(\.rawValue).sorted().joined(separator: ",")
            return form + Self.key(query.area) + " \(query.limit) " + categories
        case .pin(let id):
            return form + "pin " + id.lowercased()
        case .clusters(let box, let zoom):
            return form + "clusters " + Self.key(box) + " \(zoom)"
        case .leaves(let cluster, let limit, let offset):
            return form + "leaves \(cluster.rawValue) \(limit) \(offset)"
        }
    }

    private static func key(_ area: PinArea) -> String {
        switch area {
        case .circle(let circle): "circle \(circle.center.latitude) \(circle.center.longitude) \(circle.radius)"
        case .box(let box): "box " + key(box)
        }
    }

    private static func key(_ box: PinGeometry.BoundingBox) -> String {
        box.spansAllLongitudes ? "world \(box.south) \(box.north)" : "\(box.west) \(box.south) \(box.east) \(box.north)"
    }

    /// The operations of api.md §5.1–§5.2.
    public enum Operation: Sendable, Equatable {
        /// `GET /pins` with one area form.
        case search(PinQuery)
        /// `GET /pins/{id}`.
        case pin(String)
        /// `GET /pins/clusters?bbox=&zoom=`.
        case clusters(PinGeometry.BoundingBox, zoom: Int)
        /// `GET /pins/clusters/{id}/leaves?limit=&offset=`.
        case leaves(ClusterID, limit: Int, offset: Int)
    }
}
