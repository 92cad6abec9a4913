package import PinGeometry

/// Pins behind a KD-tree, answering area queries in api.md §5.1's order: what the in-memory backend
/// serves, and what the SQLite backend runs over its R*Tree's candidates.
package final class PinAreas: Sendable {
    let byID: [String: MapPin]
    let index: SpatialIndex<String>

    package init(_ pins: [MapPin]) {
        byID = Dictionary(pins.map { ($0.id, $0) }) { first, _ in first }
        index = SpatialIndex(pins: pins)
    }

    /// The area's pins in the documented order, filtered by category, cut to the limit.
    package func search(_ query: PinQuery) -> PinPage {
        var total = 0
        var page: [PinMatch] = []
        for match in index.matches(in: query.area) {
            guard let pin = byID[match.id], query.admits(pin.category) else { continue }
            total += 1
            if page.count < query.limit { page.append(PinMatch(pin: pin, distanceMeters: match.distanceMeters)) }
        }
        return PinPage(pins: page, totalCount: total)
    }
}
