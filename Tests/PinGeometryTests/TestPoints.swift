import SeededRandom

@testable import PinGeometry

/// Seeded random points and areas for the differential tests, crowded where geometry is hard:
/// around the poles, along the antimeridian, on grid edges, and stacked on the same spot.
struct TestPoints {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// `count` points: 40 % anywhere, 20 % near the poles, 20 % along the antimeridian (±180
    /// exactly among them), 10 % on the 4-decimal grid, 10 % copies of earlier points.
    mutating func coordinates(count: Int) -> [Coordinate] {
        var points: [Coordinate] = []
        for index in 0..<count {
            switch index % 10 {
            case 0...3:
                points.append(PinSampler.pointOnGlobe(random: &random))
            case 4, 5:
                let latitude = (88 + 2 * random.unit()) * (random.unit() < 0.7 ? 1 : -1)
                points.append(Coordinate(latitude: latitude, longitude: -180 + 360 * random.unit()))
            case 6, 7:
                let longitude = random.unit() < 0.1 ? random.pick([180.0, -180]) : 175 + 10 * random.unit()
                points.append(Coordinate(latitude: -30 + 60 * random.unit(), longitude: Longitude.wrapped(longitude)))
            case 8:
                points.append(
                    Coordinate(
                        latitude: Double(random.int(upTo: 1_800_001) - 900_000) / 10_000,
                        longitude: Double(random.int(upTo: 3_600_000) - 1_800_000) / 10_000))
            default:
                points.append(points.isEmpty ? Coordinate(latitude: 0, longitude: 0) : random.pick(points))
            }
        }
        return points
    }

    /// A random box: any edges in −540…540 (so some wrap, some cross, a few span the world), or a
    /// small box near a point already in the data.
    mutating func box(near points: [Coordinate]) -> BoundingBox? {
        let south = -95 + 190 * random.unit()
        let north = south + (random.unit() < 0.5 ? 5 * random.unit() : 60 * random.unit())
        if random.unit() < 0.5, let point = points.isEmpty ? nil : random.pick(points) {
            let half = 3 * random.unit()
            return try? BoundingBox(
                west: point.longitude - half, south: point.latitude - half,
                east: point.longitude + half, north: point.latitude + half
            )
        }
        let west = -540 + 1_000 * random.unit()
        let east = min(540, west + (random.unit() < 0.1 ? 400 : 40) * random.unit() - 2)
        return try? BoundingBox(west: west, south: south, east: east, north: north)
    }

    /// A random circle centred on or near a point in the data, radius 1 m … 50 km.
    mutating func circle(near points: [Coordinate]) -> CircleArea? {
        let point = random.pick(points)
        let radius = random.unit() < 0.2 ? 1 + 100 * random.unit() : 50_000 * random.unit() + 1
        let center = Coordinate(
            latitude: min(90, max(-90, point.latitude + 0.01 * (random.unit() - 0.5))),
            longitude: min(180, max(-180, point.longitude + 0.01 * (random.unit() - 0.5)))
        )
        return try? CircleArea(center: center, radius: min(CircleArea.maximumRadius, radius))
    }
}

extension SplitMix64 {
    /// An integer in 0..<`bound`.
    mutating func int(upTo bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
