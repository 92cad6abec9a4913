import HTTPKit
import HTTPTypes
import PinClusters
import PinGeometry

/// The pins' answers (api.md §5): bodies and the caching headers a map's coordinate-keyed cache
/// expects — public for a minute (a pin for five), varying by `Accept`.
enum MapPinsResponses {
    static let listCaching = "public, max-age=60"
    static let pinCaching = "public, max-age=300"

    /// `GET /pins`: a bare array, or a `FeatureCollection` with the query's `bbox`.
    static func page(_ page: PinPage, query: PinQuery, inGeoJSON: Bool) -> Response {
        var writer = JSONWriter(capacity: 64 + 220 * page.pins.count)
        if inGeoJSON {
            collection(
                page.pins.map(PinFeature.init), bbox: query.area.geoJSONBoundingBox, truncated: page.isTruncated,
                total: page.totalCount, to: &writer)
        } else {
            writer.array(page.pins) { PinRepresentation($1).write(to: &$0) }
        }
        let headers: HTTPFields = [
            .xTotalCount: String(page.totalCount), .xResultTruncated: page.isTruncated ? "true" : "false",
            .cacheControl: listCaching, .vary: "Accept",
        ]
        return body(writer.bytes, geoJSON: inGeoJSON, headers: headers)
    }

    /// `GET /pins/{id}`: the pin, or one `Feature`.
    static func pin(_ pin: MapPin, inGeoJSON: Bool) -> Response {
        var writer = JSONWriter()
        let match = PinMatch(pin: pin, distanceMeters: nil)
        if inGeoJSON { PinFeature(match).write(to: &writer) } else { PinRepresentation(match).write(to: &writer) }
        return body(writer.bytes, geoJSON: inGeoJSON, headers: [.cacheControl: pinCaching, .vary: "Accept"])
    }

    /// `GET /pins/clusters`: clusters and lone pins of the box at the zoom.
    static func clusters(_ items: [PinClusterItem], box: PinGeometry.BoundingBox) -> Response {
        var writer = JSONWriter(capacity: 64 + 240 * items.count)
        let features: [any JSONWritable] = items.map { item in
            switch item {
            case .cluster(let cluster, let expansionZoom):
                ClusterFeatureRepresentation(cluster: cluster, expansionZoom: expansionZoom)
            case .pin(let pin):
                PinFeature(PinMatch(pin: pin, distanceMeters: nil))
            }
        }
        collection(features, bbox: box.geoJSON, truncated: false, total: items.count, to: &writer)
        return body(writer.bytes, geoJSON: true, headers: [.cacheControl: listCaching, .vary: "Accept"])
    }

    /// `GET /pins/clusters/{id}/leaves`: the cluster's pins as features.
    static func leaves(_ pins: [MapPin]) -> Response {
        var writer = JSONWriter(capacity: 64 + 220 * pins.count)
        writer.object { collection in
            collection.member("type", "FeatureCollection")
            collection.member("features") { writer in
                writer.array(pins) { PinFeature(PinMatch(pin: $1, distanceMeters: nil)).write(to: &$0) }
            }
        }
        return body(writer.bytes, geoJSON: true, headers: [.cacheControl: listCaching, .vary: "Accept"])
    }

    /// RFC 7946's `FeatureCollection` with `bbox` and api.md's foreign members.
    private static func collection(
        _ features: [any JSONWritable], bbox: [Double], truncated: Bool, total: Int, to writer: inout JSONWriter
    ) {
        writer.object { collection in
            collection.member("type", "FeatureCollection")
            collection.member("bbox") { writer in writer.array(bbox) { $0.number($1) } }
            collection.member("truncated", truncated)
            collection.member("totalCount", total)
            collection.member("features") { writer in writer.array(features) { $1.write(to: &$0) } }
        }
    }

    private static func body(_ bytes: [UInt8], geoJSON: Bool, headers: HTTPFields) -> Response {
        var response = Response.json(bytes: bytes, headers: headers)
        if geoJSON { response.headers[.contentType] = MediaType.geoJSON }
        return response
    }
}
