import PinGeometry
import Testing

@Suite("Parsing GET /pins queries")
struct PinQueryParsingTests {
    typealias Parameter = PinQueryError.Parameter
    typealias Code = PinQueryError.Code

    @Test(
        "rejects every bad value, naming its parameter",
        arguments: [
            // No area, or half a centre.
            ("", Parameter.lat, Code.missing),
            ("limit=5", .lat, .missing),
            ("radius=500", .lat, .missing),
            ("lon=139.7", .lat, .missing),
            ("lat=35.6", .lon, .missing),
            // Both forms.
            ("lat=1&lon=2&bbox=0,0,1,1", .bbox, .conflictingAreas),
            ("radius=100&bbox=0,0,1,1", .bbox, .conflictingAreas),
            // lat
            ("lat=abc&lon=0", .lat, .notANumber),
            ("lat=&lon=0", .lat, .notANumber),
            ("lat=0x10&lon=0", .lat, .notANumber),
            ("lat=1,5&lon=0", .lat, .notANumber),
            ("lat=35.6.1&lon=0", .lat, .notANumber),
            ("lat=-&lon=0", .lat, .notANumber),
            ("lat=1e&lon=0", .lat, .notANumber),
            ("lat=nan&lon=0", .lat, .notFinite),
            ("lat=NaN&lon=0", .lat, .notFinite),
            ("lat=inf&lon=0", .lat, .notFinite),
            ("lat=-Infinity&lon=0", .lat, .notFinite),
            ("lat=1e999&lon=0", .lat, .notFinite),
            ("lat=90.0001&lon=0", .lat, .outOfRange),
            ("lat=-91&lon=0", .lat, .outOfRange),
            // lon
            ("lat=0&lon=east", .lon, .notANumber),
            ("lat=0&lon=", .lon, .notANumber),
            ("lat=0&lon=nan", .lon, .notFinite),
            ("lat=0&lon=+inf", .lon, .notFinite),
            ("lat=0&lon=180.00001", .lon, .outOfRange),
            ("lat=0&lon=-181", .lon, .outOfRange),
            // radius
            ("lat=0&lon=0&radius=far", .radius, .notANumber),
            ("lat=0&lon=0&radius=", .radius, .notANumber),
            ("lat=0&lon=0&radius=nan", .radius, .notFinite),
            ("lat=0&lon=0&radius=inf", .radius, .notFinite),
            ("lat=0&lon=0&radius=0", .radius, .outOfRange),
            ("lat=0&lon=0&radius=-5", .radius, .outOfRange),
            ("lat=0&lon=0&radius=50000.1", .radius, .outOfRange),
            // bbox
            ("bbox=", .bbox, .wrongCount),
            ("bbox=1,2,3", .bbox, .wrongCount),
            ("bbox=1,2,3,4,5", .bbox, .wrongCount),
            ("bbox=1,2,3,4,", .bbox, .wrongCount),
            ("bbox=a,1,2,3", .bbox, .notANumber),
            ("bbox=1,2,,3", .bbox, .notANumber),
            ("bbox=1,nan,2,3", .bbox, .notFinite),
            ("bbox=1,2,inf,3", .bbox, .notFinite),
            ("bbox=-540.0001,0,0,1", .bbox, .outOfRange),
            ("bbox=0,0,541,1", .bbox, .outOfRange),
            ("bbox=0,10,1,5", .bbox, .invertedLatitudes),
            ("bbox=0,95,1,91", .bbox, .invertedLatitudes),
            // limit
            ("lat=0&lon=0&limit=0", .limit, .outOfRange),
            ("lat=0&lon=0&limit=501", .limit, .outOfRange),
            ("lat=0&lon=0&limit=-1", .limit, .outOfRange),
            ("lat=0&lon=0&limit=99999999999999999999", .limit, .outOfRange),
            ("lat=0&lon=0&limit=ten", .limit, .notANumber),
            ("lat=0&lon=0&limit=", .limit, .notANumber),
            ("lat=0&lon=0&limit=1.5", .limit, .notAnInteger),
            ("lat=0&lon=0&limit=1e2", .limit, .notAnInteger),
            ("lat=0&lon=0&limit=nan", .limit, .notANumber),
            // category
            ("lat=0&lon=0&category=bar", .category, .unknownCategory),
            ("lat=0&lon=0&category=Cafe", .category, .unknownCategory),
            ("lat=0&lon=0&category=cafe,,park", .category, .unknownCategory),
            ("lat=0&lon=0&category=", .category, .unknownCategory),
            ("lat=0&lon=0&category=cafe&category=pub", .category, .unknownCategory),
        ]
    )
    func rejects(query: String, parameter: Parameter, code: Code) throws {
        let error = try #require(throws: PinQueryError.self) { try parse(query).get() }
        #expect(error.parameter == parameter, "\(query): \(error)")
        #expect(error.code == code, "\(query): \(error)")
        #expect(error.message.contains(parameter.rawValue), "the message names the parameter: \(error.message)")
    }

    @Test("reads a centre query with the defaults")
    func centreDefaults() throws {
        let query = try parse("lat=35.6812&lon=139.7671").get()
        #expect(query.area == .circle(try CircleArea(center: Coordinate(latitude: 35.6812, longitude: 139.7671))))
        #expect(query.limit == 100)
        #expect(query.categories.isEmpty)
        guard case .circle(let circle) = query.area else {
            Issue.record("expected a circle, got \(query.area)")
            return
        }
        #expect(circle.radius == 1_000)
    }

    @Test(
        "accepts the edges of every range",
        arguments: [
            "lat=90&lon=180&radius=50000&limit=500",
            "lat=-90&lon=-180&radius=0.001&limit=1",
            "lat=+1.5e1&lon=-.5&radius=1.&limit=+7",
            "lat= 35.6812 &lon=139.7671",
            "bbox=-540,-1000,540,1000&limit=1",
            "bbox=0,95,1,95",
        ])
    func acceptsEdges(query: String) throws {
        _ = try parse(query).get()
    }

    @Test("lets the last single value win and ignores unknown parameters")
    func lastWins() throws {
        let query = try parse("lat=1&lat=35.6812&lon=139.7671&radius=5&radius=300&limit=3&limit=7&page=2&q=x").get()
        #expect(
            query.area
                == .circle(try CircleArea(center: Coordinate(latitude: 35.6812, longitude: 139.7671), radius: 300)))
        #expect(query.limit == 7)
    }

    @Test("collects categories from repeats and comma lists")
    func categories() throws {
        let query = try parse("bbox=0,0,1,1&category=cafe,park&category=museum&category=cafe").get()
        #expect(query.categories == [.cafe, .park, .museum])
        #expect(query.admits(.park))
        #expect(!query.admits(.shop))
        #expect(try parse("bbox=0,0,1,1").get().admits(.shop))
    }

    @Test("reads a box query")
    func box() throws {
        let query = try parse("bbox=177,-20,-178,-16&limit=50").get()
        #expect(query.area == .box(try BoundingBox(west: 177, south: -20, east: -178, north: -16)))
        #expect(query.limit == 50)
    }

    @Test("checks numeric inputs given directly, too")
    func directValues() {
        #expect(throws: PinQueryError.self) { try CircleArea(center: Coordinate(latitude: .nan, longitude: 0)) }
        #expect(throws: PinQueryError.self) {
            try CircleArea(center: Coordinate(latitude: 0, longitude: 0), radius: .infinity)
        }
        #expect(throws: PinQueryError.self) { try BoundingBox(west: 0, south: .nan, east: 1, north: 1) }
        #expect(throws: PinQueryError.self) { try PinQuery(area: .box(BoundingBox(parsing: "0,0,1,1")), limit: 0) }
    }
}
