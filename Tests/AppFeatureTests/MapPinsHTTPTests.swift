import CounterpartTestSupport
import Dependencies
import Foundation
import MapPinsFeature
import Testing

/// The seed's map screen's model, as an MVVM app declares it: Foundation defaults only.
struct SeedMapPin: Codable, Equatable {
    var id: UUID
    var title: String
    var subtitle: String?
    var category: String
    var latitude: Double
    var longitude: Double
    var distanceMeters: Double?
}

/// Just enough of RFC 7946 to decode what a GeoJSON decoder reads.
struct FeatureCollection: Codable {
    struct Feature: Codable {
        struct Geometry: Codable {
            var type: String
            var coordinates: [Double]
        }
        var type: String
        var geometry: Geometry
        var properties: [String: JSONScalar]
    }
    var type: String
    var bbox: [Double]?
    var features: [Feature]
}

/// A GeoJSON property value.
enum JSONScalar: Codable, Equatable {
    case string(String), number(Double), bool(Bool), null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {}
}

@Suite("Map pins over HTTP, in process")
struct MapPinsHTTPTests {
    static func dependencies() -> DependencyValues {
        var values = DependencyValues._current
        values.mapPinRepository = .inMemory()
        return values
    }

    @Test("a Codable MapPin decodes the plain array; a GeoJSON decoder reads the FeatureCollection")
    func decoding() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let plain = try await client.request("GET", "/pins?lat=35.6812&lon=139.7671&radius=3000")
            #expect(plain.status == 200)
            let pins = try JSONDecoder().decode([SeedMapPin].self, from: Data(plain.body))
            #expect(pins.first?.title == "Tokyo Station")
            #expect(pins.map { $0.distanceMeters ?? -1 } == pins.map { $0.distanceMeters ?? -1 }.sorted())
            #expect(Int(plain.header("X-Total-Count") ?? "") ?? 0 >= pins.count)

            let geo = try await client.request(
                "GET", "/pins?lat=35.6812&lon=139.7671&radius=3000", headers: [("Accept", "application/geo+json")])
            #expect(geo.header("Content-Type") == "application/geo+json")
            let collection = try JSONDecoder().decode(FeatureCollection.self, from: Data(geo.body))
            #expect(collection.type == "FeatureCollection")
            #expect(collection.features.count == pins.count)
            #expect(collection.features.first?.geometry.coordinates == [139.7671, 35.6812])
            #expect(plain.header("ETag") != geo.header("ETag"), "two representations, two tags (Vary: Accept)")
        }
    }

    @Test("two centres 3 m apart share one ETag, and the second is a 304")
    func snappingSharesETags() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let first = try await client.request("GET", "/pins?lat=35.68120&lon=139.76710")
            let tag = try #require(first.header("ETag"))
            let second = try await client.request(
                "GET", "/pins?lat=35.68122&lon=139.76712", headers: [("If-None-Match", tag)])
            #expect(second.status == 304)
        }
    }

    @Test("Fiji's box across the antimeridian finds Suva's pins; a cluster's leaves are its pins")
    func antimeridianAndClusters() async throws {
        try await InProcessApp.run(dependencies: Self.dependencies()) { (client: InProcessApp) async throws in
            let fiji = try await client.request("GET", "/pins?bbox=177,-20,-178,-16&limit=500")
            #expect(fiji.header("X-Total-Count") == "300")
            #expect(fiji.text.contains("c17e0000-0000-4000-8000-000000000005"))

            let clusters = try await client.request("GET", "/pins/clusters?bbox=177,-20,-178,-16&zoom=3")
            let collection = try JSONDecoder().decode(FeatureCollection.self, from: Data(clusters.body))
            let cluster = try #require(collection.features.first { $0.properties["cluster"] == .bool(true) })
            guard case .number(let id) = cluster.properties["cluster_id"],
                case .number(let count) = cluster.properties["point_count"]
            else {
                Issue.record("a cluster carries cluster_id and point_count")
                return
            }
            let leaves = try await client.request("GET", "/pins/clusters/\(Int(id))/leaves?limit=500")
            let pins = try JSONDecoder().decode(FeatureCollection.self, from: Data(leaves.body))
            #expect(Double(pins.features.count) == count)
            #expect(try await client.request("GET", "/pins/clusters/3/leaves").status == 404)
        }
    }
}
