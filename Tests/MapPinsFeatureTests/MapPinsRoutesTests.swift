import HTTPKit
import HTTPTypes
import Testing

@testable import MapPinsFeature

@Suite("MapPinsRoutes")
struct MapPinsRoutesTests {
    let routes = MapPinsRoutes()

    func route(_ target: String, accept: String? = nil) throws(RouteError) -> MapPinsRequest {
        var headers = HTTPFields()
        if let accept { headers[.accept] = accept }
        return try routes.route(
            ServerRequest(method: .get, target: target, headers: headers), context: RouteContext(baseURL: "http://x"))
    }

    func problem(_ target: String) -> Problem? {
        do {
            _ = try route(target)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test("paths and their templates")
    func paths() {
        #expect(routes.methods(for: "/pins") == [.get])
        #expect(routes.methods(for: "/pins/clusters/12/leaves") == [.get])
        #expect(routes.methods(for: "/pins/a/b") == nil)
        #expect(routes.methods(for: "/pinsx") == nil)
        #expect(routes.template(for: "/pins/clusters/12/leaves") == "/pins/clusters/{id}/leaves")
        #expect(routes.template(for: "/pins/c17e0000-0000-4000-8000-000000000001") == "/pins/{id}")
    }

    @Test(
        "every bad value is a 400 naming its parameter",
        arguments: [
            ("/pins", "lat"), ("/pins?lat=1", "lon"), ("/pins?lat=x&lon=1", "lat"),
            ("/pins?lat=1&lon=1&radius=0", "radius"),
            ("/pins?lat=1&lon=1&radius=50001", "radius"), ("/pins?bbox=1,2,3", "bbox"), ("/pins?bbox=0,10,1,5", "bbox"),
            ("/pins?lat=1&lon=1&limit=501", "limit"), ("/pins?lat=1&lon=1&category=zoo", "category"),
            ("/pins?lat=1&lon=1&bbox=0,0,1,1", "bbox"), ("/pins/clusters?zoom=1", "bbox"),
            ("/pins/clusters?bbox=0,0,1,1", "zoom"), ("/pins/clusters?bbox=0,0,1,1&zoom=17", "zoom"),
            ("/pins/clusters/1/leaves?limit=0", "limit"),
        ])
    func badValues(target: String, parameter: String) {
        let problem = problem(target)
        #expect(problem?.status == .badRequest, "\(target)")
        #expect(problem?.errors.first?.field == parameter, "\(target)")
    }

    @Test("two centres 3 m apart make the same query, so they share the answer and its ETag")
    func snapping() throws {
        let first = try route("/pins?lat=35.68120&lon=139.76710")
        let second = try route("/pins?lat=35.68122&lon=139.76712")
        #expect(first == second)
    }

    @Test("Accept: application/geo+json asks for GeoJSON; clusters are always GeoJSON")
    func negotiation() throws {
        #expect(try route("/pins?lat=1&lon=1").inGeoJSON == false)
        #expect(try route("/pins?lat=1&lon=1", accept: "application/geo+json").inGeoJSON)
        #expect(try route("/pins/clusters?bbox=0,0,1,1&zoom=3").inGeoJSON)
    }
}
