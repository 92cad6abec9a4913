public import HTTPKit
public import HTTPTypes
import PinClusters
import PinGeometry

/// Routing for `/pins`, `/pins/{id}`, `/pins/clusters` and `/pins/clusters/{id}/leaves` (api.md §5):
/// every parameter is checked here — a bad value is a 400 naming it, before a store exists.
public struct MapPinsRoutes: Routes {
    /// Creates the table.
    public init() {}

    static let geoJSON = "application/geo+json"

    public func methods(for path: String) -> [HTTPRequest.Method]? {
        guard path == "/pins" || path.hasPrefix("/pins/") else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        switch segments.count {
        case 2: return [.get]
        case 3 where !segments[2].isEmpty: return [.get]
        case 5 where segments[2] == "clusters" && !segments[3].isEmpty && segments[4] == "leaves": return [.get]
        default: return nil
        }
    }

    public func template(for path: String) -> String {
        switch path {
        case "/pins", "/pins/clusters": path
        case _ where path.hasSuffix("/leaves"): "/pins/clusters/{id}/leaves"
        default: "/pins/{id}"
        }
    }

    /// Pins are plain JSON or GeoJSON; clusters only GeoJSON (api.md §5.2).
    public func offeredTypes(for path: String) -> [String] {
        path == "/pins/clusters" || path.hasSuffix("/leaves") ? [Self.geoJSON] : ["application/json", Self.geoJSON]
    }

    public func route(_ request: ServerRequest, context: RouteContext) throws(RouteError) -> MapPinsRequest {
        let query = request.queryParameters
        let inGeoJSON =
            ContentNegotiation.choose(
                from: offeredTypes(for: request.path), accept: request.headers.combinedValue(.accept))
            == Self.geoJSON
        switch request.path {
        case "/pins":
            do {
                return MapPinsRequest(.search(try PinQuery(queryItems: query.pairs)), inGeoJSON: inGeoJSON)
            } catch {
                throw RouteError(Self.problem(error))
            }
        case "/pins/clusters":
            return MapPinsRequest(
                .clusters(try Self.box(query["bbox"]), zoom: try Self.zoom(query["zoom"])), inGeoJSON: true)
        case _ where request.path.hasSuffix("/leaves"):
            let text = request.path.split(separator: "/")[2]
            guard let id = Int(text) else {
                throw RouteError(.notFound("No cluster \(text) exists; cluster ids come from GET /pins/clusters."))
            }
            let limit = try Self.integer(query["limit"], name: "limit", in: 1...500, default: 100)
            let offset = try Self.integer(query["offset"], name: "offset", in: 0...10_000_000, default: 0)
            return MapPinsRequest(.leaves(ClusterID(rawValue: id), limit: limit, offset: offset), inGeoJSON: true)
        default:
            return MapPinsRequest(.pin(String(request.path.dropFirst("/pins/".count))), inGeoJSON: inGeoJSON)
        }
    }

    /// `bbox` of a cluster query: required, read as `GET /pins` reads it.
    static func box(_ text: String?) throws(RouteError) -> PinGeometry.BoundingBox {
        guard let text else {
            throw RouteError(
                .malformedRequest(
                    "bbox is required: minLon,minLat,maxLon,maxLat of the visible map.",
                    errors: [FieldError(field: "bbox", code: "missing", detail: "bbox is required.")]))
        }
        do {
            return try PinGeometry.BoundingBox(parsing: text)
        } catch {
            throw RouteError(problem(error))
        }
    }

    /// `zoom` of a cluster query: a whole number from 0 to 16.
    static func zoom(_ text: String?) throws(RouteError) -> Int {
        guard let text else {
            throw RouteError(
                .malformedRequest(
                    "zoom is required: a whole number from 0 to 16.",
                    errors: [FieldError(field: "zoom", code: "missing", detail: "zoom is required.")]))
        }
        return try integer(text, name: "zoom", in: 0...16, default: 0)
    }

    static func integer(_ text: String?, name: String, in range: ClosedRange<Int>, default value: Int)
        throws(RouteError) -> Int
    {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            let detail = "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)."
            throw RouteError(
                .malformedRequest(detail, errors: [FieldError(field: name, code: "invalid", detail: detail)]))
        }
        return number
    }

    /// api.md §1.1's 400 naming the parameter.
    static func problem(_ error: PinQueryError) -> Problem {
        .malformedRequest(
            error.message,
            errors: [
                FieldError(field: error.parameter.rawValue, code: snakeCase(error.code.rawValue), detail: error.message)
            ])
    }

    /// `notANumber` → `not_a_number`, as api.md spells codes.
    static func snakeCase(_ camel: String) -> String {
        camel.reduce(into: "") { text, character in
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
    }
}
