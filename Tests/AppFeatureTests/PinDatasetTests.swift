import CounterpartTestSupport
import MapPinsFeature
import PinGeometry
import Testing

@testable import AppFeature

@Suite("PinDataset: the demo pins, and the million-pin benchmark set built on them")
struct PinDatasetTests {
    @Test("pins-1m holds exactly a million pins, the demo's first, the rest over the globe, from the seed")
    func million() async {
        // Seconds of generation (in a debug build): on a thread of its own, not a cooperative one.
        let million = await onOwnThread { PinDataset.million.pins(seed: 1) }
        let demo = PinDataset.demo.pins(seed: 1)
        #expect(million.count == 1_000_000)
        #expect(demo.count == PinSeed.demoPinCount)
        #expect(Array(million.prefix(demo.count)) == demo, "Tokyo and Suva answer as on the demo dataset")
        let world = million.dropFirst(demo.count)
        #expect(world.contains { $0.latitude < -60 } && world.contains { $0.latitude > 60 }, "spread over the globe")
        #expect(Array(world.prefix(3)) == PinSeed.random(count: 3, seed: 1))
        #expect(Array(world.prefix(3)) != PinSeed.random(count: 3, seed: 2))
    }

    @Test("a reset to another seed keeps the size a store holds: the million if it holds it, else the demo's")
    func regeneratedSize() {
        #expect(PinDataset(holding: 0, else: .million) == .million, "a new store: as the domain is configured")
        #expect(PinDataset(holding: 0, else: .demo) == .demo)
        #expect(PinDataset(holding: 1_000_000, else: .demo) == .million, "served with the default domains")
        #expect(PinDataset(holding: PinSeed.demoPinCount, else: .million) == .demo)
    }
}
