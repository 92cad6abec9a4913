import PinGeometry
import Testing

@Suite("Boxes: wrapping, the antimeridian, the poles and snapping")
struct BoundingBoxTests {
    let suva = Coordinate(latitude: -18.1416, longitude: 178.4419)

    @Test("wraps longitudes past ±180: bbox=190,… is bbox=-170,…")
    func wrapAround() throws {
        let wrapped = try BoundingBox(parsing: "190,0,200,10")
        #expect(wrapped == (try BoundingBox(parsing: "-170,0,-160,10")))
        #expect(wrapped.geoJSON == [-170, 0, -160, 10])
        #expect(try BoundingBox(parsing: "-530,0,-520,10") == (try BoundingBox(parsing: "-170,0,-160,10")))
        #expect(wrapped.contains(Coordinate(latitude: 5, longitude: -165)))
        #expect(wrapped.contains(Coordinate(latitude: 5, longitude: 195)))
        #expect(!wrapped.contains(Coordinate(latitude: 5, longitude: 10)))
    }

    @Test("crosses the antimeridian around Fiji")
    func fiji() throws {
        let fiji = try BoundingBox(parsing: "177,-20,-178,-16")
        #expect(fiji.crossesAntimeridian)
        #expect(!fiji.spansAllLongitudes)
        #expect(fiji.geoJSON == [177, -20, -178, -16])
        #expect(fiji.contains(suva))
        #expect(fiji.contains(Coordinate(latitude: -18, longitude: -179.5)))
        #expect(fiji.contains(Coordinate(latitude: -18, longitude: 180)))
        #expect(fiji.contains(Coordinate(latitude: -18, longitude: -180)))
        #expect(fiji.contains(Coordinate(latitude: -20, longitude: -178)), "edges are inside")
        #expect(!fiji.contains(Coordinate(latitude: -18, longitude: 0)))
        #expect(!fiji.contains(Coordinate(latitude: -18, longitude: 176.9)))
        #expect(!fiji.contains(Coordinate(latitude: -18, longitude: -177.9)))
        #expect(!fiji.contains(Coordinate(latitude: -15, longitude: 179)))
        #expect(try BoundingBox(parsing: "177,-20,182,-16") == fiji, "the same box, east edge unwrapped")
    }

    @Test("reads a box ending on the antimeridian as ending there")
    func endsOnAntimeridian() throws {
        let box = try BoundingBox(parsing: "170,0,180,10")
        #expect(!box.crossesAntimeridian)
        #expect(box.geoJSON == [170, 0, 180, 10])
        #expect(box.contains(Coordinate(latitude: 5, longitude: 180)))
        #expect(box.contains(Coordinate(latitude: 5, longitude: -180)))
        #expect(!box.contains(Coordinate(latitude: 5, longitude: -179.9)))
        let fromWest = try BoundingBox(parsing: "-180,0,-170,10")
        #expect(fromWest.contains(Coordinate(latitude: 5, longitude: 180)))
    }

    @Test(
        "covers the whole world when the span is 360° or more before wrapping",
        arguments: ["-180,-90,180,90", "-200,-10,160,10", "0,-10,360,10", "-540,-10,540,10", "10,-10,369.99999,10"]
    )
    func wholeWorld(bbox: String) throws {
        let box = try BoundingBox(parsing: bbox)
        #expect(box.spansAllLongitudes)
        #expect(!box.crossesAntimeridian)
        #expect(box.west == -180 && box.east == 180)
        for longitude in stride(from: -180.0, through: 180, by: 22.5) {
            #expect(box.contains(Coordinate(latitude: 0, longitude: longitude)))
        }
    }

    @Test("a span just under 360° does not cover the world")
    func almostWholeWorld() throws {
        let box = try BoundingBox(parsing: "-179.9,-10,179.9,10")
        #expect(!box.spansAllLongitudes)
        #expect(!box.contains(Coordinate(latitude: 0, longitude: 180)))
        let crossing = try BoundingBox(parsing: "10,-10,369.9,10")
        #expect(crossing.crossesAntimeridian)
        #expect(!crossing.contains(Coordinate(latitude: 0, longitude: 9.95)))
    }

    @Test("clamps latitudes to the poles")
    func poles() throws {
        let box = try BoundingBox(parsing: "-10,80,10,95")
        #expect(box.north == 90)
        #expect(box.contains(Coordinate(latitude: 90, longitude: 0)))
        #expect(try BoundingBox(parsing: "0,-1000,1,1000").geoJSON == [0, -90, 1, 90])
    }

    @Test("widens edges outward to 4 decimals")
    func snapping() throws {
        let box = try BoundingBox(parsing: "139.75601,35.67229,139.77811,35.69011")
        #expect(box.geoJSON == [139.756, 35.6722, 139.7782, 35.6902])
        let west = try BoundingBox(parsing: "-0.12761,-33.86881,-0.12759,-33.86879")
        #expect(west.geoJSON == [-0.1277, -33.8689, -0.1275, -33.8687])
    }

    @Test("keeps edges already on the grid, so a returned bbox can be sent back unchanged")
    func snappingIsIdempotent() throws {
        for text in [
            "139.756,35.6722,139.7782,35.6902", "-122.4193,37.7793,-0.1276,51.5072", "177.1,-19.9,-178.3,-16.7",
        ] {
            let box = try BoundingBox(parsing: text)
            let again = try BoundingBox(
                parsing: box.geoJSON.map { "\($0)" }.joined(separator: ",")
            )
            #expect(again == box)
            #expect(box.geoJSON == text.split(separator: ",").compactMap { Double($0) })
        }
    }

    @Test("accepts an MKCoordinateRegion sent as centre ± span/2")
    func coordinateRegion() throws {
        // What an app computes from region.center and region.span, float noise and all.
        let regions: [(latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double)] = [
            (35.6812, 139.7671, 0.05, 0.06),
            (-18.1416, 179.99, 1.3, 2.7),
            (89.99, 0, 0.1, 30),
            (0, 0, 170, 400),
        ]
        for region in regions {
            let bbox = [
                region.longitude - region.longitudeDelta / 2, region.latitude - region.latitudeDelta / 2,
                region.longitude + region.longitudeDelta / 2, region.latitude + region.latitudeDelta / 2,
            ]
            let box = try BoundingBox(parsing: bbox.map { "\($0)" }.joined(separator: ","))
            #expect(box.contains(Coordinate(latitude: region.latitude, longitude: region.longitude)))
        }
        let overAntimeridian = try BoundingBox(parsing: "178.64,-18.79,181.34,-17.49")
        #expect(overAntimeridian.crossesAntimeridian)
        #expect(overAntimeridian.contains(Coordinate(latitude: -18, longitude: -179)))
    }
}
