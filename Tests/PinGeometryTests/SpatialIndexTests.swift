import PinGeometry
import Testing

@Suite("SpatialIndex")
struct SpatialIndexTests {
    /// The documented order, computed the slow way: every entry the area contains.
    func bruteForce(_ area: PinArea, _ points: [Coordinate]) -> [SpatialMatch<Int>] {
        switch area {
        case .box(let box):
            return points.indices.filter { box.contains(points[$0]) }.map { SpatialMatch(id: $0, distanceMeters: nil) }
        case .circle(let circle):
            return points.indices
                .filter { circle.contains(points[$0]) }
                .map { (id: $0, distance: (circle.distance(to: points[$0]) * 10).rounded() / 10) }
                .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
                .map { SpatialMatch(id: $0.id, distanceMeters: $0.distance) }
        }
    }

    @Test("agrees with a brute-force scan over 20,000 points on random boxes and circles")
    func differential() async throws {
        var generator = TestPoints(seed: 42)
        let points = generator.coordinates(count: 20_000)
        let index = SpatialIndex(points.enumerated().map { (id: $0.offset, coordinate: $0.element) })
        #expect(index.count == points.count)
        var areas: [PinArea] = [
            .box(try BoundingBox(parsing: "177,-20,-178,-16")),
            .box(try BoundingBox(parsing: "170,-30,180,30")),
            .box(try BoundingBox(parsing: "-180,-30,-175,30")),
            .box(try BoundingBox(parsing: "-180,-90,180,90")),
            .box(try BoundingBox(parsing: "-200,85,200,90")),
            .circle(try CircleArea(center: Coordinate(latitude: 89.9, longitude: 0), radius: 50_000)),
            .circle(try CircleArea(center: Coordinate(latitude: -89.5, longitude: 120), radius: 50_000)),
            .circle(try CircleArea(center: Coordinate(latitude: 0, longitude: 180), radius: 50_000)),
            .circle(try CircleArea(center: Coordinate(latitude: 89, longitude: -179.9), radius: 50_000)),
        ]
        for _ in 0..<300 {
            if let box = generator.box(near: points) { areas.append(.box(box)) }
            if let circle = generator.circle(near: points) { areas.append(.circle(circle)) }
        }
        var nonEmpty = 0
        for area in areas {
            let expected = bruteForce(area, points)
            let found = index.matches(in: area)
            #expect(found == expected, "\(area): \(found.count) found, \(expected.count) expected")
            if !expected.isEmpty { nonEmpty += 1 }
            // Seconds of scanning on one of two cooperative threads: let other tests' tasks run between.
            await Task.yield()
        }
        #expect(nonEmpty > areas.count / 2, "most areas should hold points, or the test proves little")
    }

    @Test("orders circles by distance then id, and boxes by id")
    func order() throws {
        let spot = Coordinate(latitude: 35.6812, longitude: 139.7671)
        let near = Coordinate(latitude: 35.6813, longitude: 139.7671)
        let far = Coordinate(latitude: 35.69, longitude: 139.7671)
        let entries = [("d", far), ("c", spot), ("b", near), ("a", spot), ("e", Coordinate(latitude: 0, longitude: 0))]
        let index = SpatialIndex(entries.map { (id: $0.0, coordinate: $0.1) })
        let circle = try CircleArea(center: spot, radius: 2_000)
        #expect(index.matches(in: .circle(circle)).map(\.id) == ["a", "c", "b", "d"])
        #expect(index.matches(in: .circle(circle)).map(\.distanceMeters) == [0, 0, 11.1, 978.5])
        let box = try BoundingBox(parsing: "139,35,140,36")
        #expect(index.matches(in: .box(box)).map(\.id) == ["a", "b", "c", "d"])
        #expect(index.matches(in: .box(box)).allSatisfy { $0.distanceMeters == nil })
    }

    @Test("answers on an empty index and on one entry")
    func small() throws {
        let empty = SpatialIndex<String>([])
        #expect(empty.matches(in: .box(try BoundingBox(parsing: "-180,-90,180,90"))).isEmpty)
        let one = SpatialIndex(pins: [SeedCity.demo[0].anchor])
        #expect(
            one.matches(in: .box(try BoundingBox(parsing: "-180,-90,180,90"))).map(\.id) == [SeedCity.demo[0].anchor.id]
        )
    }

    @Test("finds points stored at longitude 180 from either side")
    func storedAtAntimeridian() throws {
        let index = SpatialIndex([
            (id: 1, coordinate: Coordinate(latitude: 0, longitude: 180)),
            (id: 2, coordinate: Coordinate(latitude: 0, longitude: -180)),
        ])
        for bbox in ["179,-1,-179,1", "170,-1,180,1", "-180,-1,-170,1", "179,-1,181,1"] {
            #expect(index.matches(in: .box(try BoundingBox(parsing: bbox))).map(\.id) == [1, 2], "\(bbox)")
        }
    }
}
