import PinGeometry
import Testing

@Suite("The seeded pins")
struct PinSeedTests {
    let pins = PinSeed.demo()

    @Test("holds exactly 2,800 pins with unique lowercase v4 ids")
    func count() {
        #expect(pins.count == 2_800)
        #expect(SeedCity.demo.map(\.pinCount).reduce(0, +) == 2_800)
        #expect(Set(pins.map(\.id)).count == pins.count)
        let uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/
        #expect(pins.allSatisfy { $0.id.wholeMatch(of: uuid) != nil })
    }

    @Test("has the six anchors with their ids and exact coordinates")
    func anchors() {
        let expected: [(String, Double, Double)] = [
            ("c17e0000-0000-4000-8000-000000000001", 35.6812, 139.7671),
            ("c17e0000-0000-4000-8000-000000000002", 37.7793, -122.4193),
            ("c17e0000-0000-4000-8000-000000000003", 51.5072, -0.1276),
            ("c17e0000-0000-4000-8000-000000000004", -33.8688, 151.2093),
            ("c17e0000-0000-4000-8000-000000000005", -18.1416, 178.4419),
            ("c17e0000-0000-4000-8000-000000000006", 78.2232, 15.6267),
        ]
        for (id, latitude, longitude) in expected {
            let anchor = pins.first { $0.id == id }
            #expect(anchor?.latitude == latitude && anchor?.longitude == longitude, "\(id)")
        }
        #expect(pins.first { $0.id == expected[0].0 }?.title == "Tokyo Station")
    }

    @Test("puts each city's count of pins within its radius or box")
    func cities() {
        for city in SeedCity.demo {
            let cityPins = pins.filter { $0.subtitle?.hasSuffix(", \(city.name)") == true }
            #expect(cityPins.count == city.pinCount, "\(city.name)")
            #expect(cityPins.contains(city.anchor))
            for pin in cityPins {
                #expect(city.contains(pin.coordinate), "\(city.name): \(pin.coordinate)")
            }
        }
    }

    /// Uniform by area, a quarter of a disk's pins lie within half its radius (uniform in distance
    /// would put half there); 2,098 pins make 18–32 % a safe band.
    @Test("spreads disk pins uniformly by area")
    func uniformByArea() {
        var inner = 0
        var total = 0
        for city in SeedCity.demo {
            guard case .disk(let radius) = city.region else { continue }
            for pin in pins where pin.subtitle?.hasSuffix(", \(city.name)") == true && pin != city.anchor {
                total += 1
                if Haversine.distance(city.anchor.coordinate, pin.coordinate) < radius / 2 { inner += 1 }
            }
        }
        let share = Double(inner) / Double(total)
        #expect((0.18...0.32).contains(share), "\(inner) of \(total) within half the radius")
    }

    @Test("is deterministic, and another seed changes everything but the anchors")
    func determinism() {
        #expect(PinSeed.demo() == pins)
        #expect(PinSeed.demo(seed: 1) == pins)
        let other = PinSeed.demo(seed: 2)
        let anchorIDs = Set(SeedCity.demo.map(\.anchor.id))
        #expect(other.filter { anchorIDs.contains($0.id) } == pins.filter { anchorIDs.contains($0.id) })
        #expect(Set(other.map(\.id)).intersection(pins.map(\.id)) == anchorIDs)
        #expect(
            Set(other.map(\.coordinate)).intersection(pins.map(\.coordinate))
                == Set(SeedCity.demo.map(\.anchor.coordinate)))
    }

    @Test("writes coordinates with at most 6 decimals")
    func decimals() {
        for pin in pins + PinSeed.random(count: 2_000, seed: 1) {
            #expect((pin.latitude * 1e6).rounded() / 1e6 == pin.latitude)
            #expect((pin.longitude * 1e6).rounded() / 1e6 == pin.longitude)
            #expect((-90...90).contains(pin.latitude) && (-180..<180).contains(pin.longitude))
        }
    }

    @Test("uses all six categories, and titles fit them")
    func categories() {
        #expect(Set(pins.map(\.category)) == Set(PinCategory.allCases))
        let counts = Dictionary(grouping: pins, by: \.category).mapValues(\.count)
        #expect(counts.values.allSatisfy { (380...560).contains($0) }, "roughly 467 each: \(counts)")
        #expect(pins.allSatisfy { $0.title.split(separator: " ").count >= 2 })
    }

    @Test("makes a large random dataset deterministically, spread over the globe")
    func randomDataset() {
        let first = PinSeed.random(count: 5_000, seed: 7)
        #expect(first == PinSeed.random(count: 5_000, seed: 7))
        #expect(first.count == 5_000)
        #expect(first.allSatisfy { $0.subtitle == nil })
        let northern = first.filter { $0.latitude > 30 }.count
        // Uniform by area, a quarter of the sphere lies north of 30° (1 − sin 30° = 0.5, halved).
        #expect((1_100...1_400).contains(northern), "\(northern) of 5,000 north of 30°")
    }
}
