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
    public var cacheKey: String {
        "pins \(inGeoJSON) \(operation)"
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
