extension BoundingBox {
    /// The one or two ``MercatorRect``s that cover the box, normalised as supercluster's
    /// `getClusters` does: longitudes wrap into −180…180 (an east edge of exactly 180 stays),
    /// latitudes clamp into −90…90, a span of 360° or more is the whole world, and a box whose
    /// wrapped west edge lies east of its east edge is split at the antimeridian, eastern half first.
    ///
    /// NaN edges give rectangles that contain nothing.
    var mercatorRects: [MercatorRect] {
        var west = Self.wrapped(longitude: self.west)
        var east = self.east == 180 ? 180 : Self.wrapped(longitude: self.east)
        let south = Self.clamped(latitude: self.south)
        let north = Self.clamped(latitude: self.north)

        if self.east - self.west >= 360 {
            west = -180
            east = 180
        } else if west > east {
            return [
                Self.rect(west: west, south: south, east: 180, north: north),
                Self.rect(west: -180, south: south, east: east, north: north),
            ]
        }
        return [Self.rect(west: west, south: south, east: east, north: north)]
    }

    private static func rect(west: Double, south: Double, east: Double, north: Double) -> MercatorRect {
        MercatorRect(
            minX: WebMercator.x(longitude: west),
            minY: WebMercator.y(latitude: north),
            maxX: WebMercator.x(longitude: east),
            maxY: WebMercator.y(latitude: south)
        )
    }

    private static func wrapped(longitude: Double) -> Double {
        ((longitude + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
    }

    // Written out rather than with min/max so that NaN stays NaN, as with JavaScript's Math.min.
    private static func clamped(latitude: Double) -> Double {
        latitude < -90 ? -90 : (latitude > 90 ? 90 : latitude)
    }
}
