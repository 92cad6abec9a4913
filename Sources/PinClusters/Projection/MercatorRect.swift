/// An axis-aligned rectangle in ``WebMercator`` space, inclusive on every edge.
struct MercatorRect {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func contains(x: Double, y: Double) -> Bool {
        x >= minX && x <= maxX && y >= minY && y <= maxY
    }
}
