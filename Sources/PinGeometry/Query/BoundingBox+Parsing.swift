extension BoundingBox {
    /// Longitudes a `bbox` may use before wrapping: one and a half turns each way, so a map that
    /// has scrolled past the antimeridian can send its edges unwrapped.
    public static let acceptedLongitudes = -540.0...540.0

    /// The box of a `bbox=minLon,minLat,maxLon,maxLat` value (GeoJSON order, api.md §5.1).
    ///
    /// Exactly four finite decimal numbers, spaces around them ignored. An `MKCoordinateRegion` sent
    /// as centre ± span/2 works as is: longitudes past ±180 wrap, latitudes past the poles clamp.
    /// Throws a `bbox` error for anything else; the planned `/pins/clusters` reads `bbox` alone, so
    /// this is public apart from `PinQuery`.
    public init(parsing text: String) throws(PinQueryError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw PinQueryError(
                .bbox,
                .wrongCount,
                "bbox must be 4 comma-separated numbers, minLon,minLat,maxLon,maxLat; got \(parts.count) in "
                    + "\(PinQueryError.quoted(text))."
            )
        }
        let names = ["minLon", "minLat", "maxLon", "maxLat"]
        var values: [Double] = []
        for (part, name) in zip(parts, names) {
            values.append(try QueryNumber.parse(part, parameter: .bbox, label: "bbox's \(name)"))
        }
        try self.init(west: values[0], south: values[1], east: values[2], north: values[3])
    }

    /// The box from `west`, `south`, `east`, `north` in degrees, validated, wrapped and snapped.
    ///
    /// Longitudes must lie in −540…540 and wrap into [−180, 180); if `east − west ≥ 360` the box
    /// covers every longitude, and if `west` is east of `east` after wrapping the box crosses the
    /// antimeridian (Fiji: `177, -20, -178, -16`). Latitudes clamp into −90…90, but `south` north of
    /// `north` is an error. Every edge then widens outward to 4 decimals.
    public init(west: Double, south: Double, east: Double, north: Double) throws(PinQueryError) {
        for value in [west, south, east, north] {
            try PinQueryError.checkFinite(value, parameter: .bbox)
        }
        for (value, name) in [(west, "minLon"), (east, "maxLon")] where !Self.acceptedLongitudes.contains(value) {
            throw PinQueryError(
                .bbox,
                .outOfRange,
                "bbox's \(name) must lie from -540 to 540 degrees; got \(value). Longitudes past ±180 wrap around."
            )
        }
        guard south <= north else {
            throw PinQueryError(
                .bbox,
                .invertedLatitudes,
                "bbox's minLat (\(south)) is north of its maxLat (\(north)); send minLon,minLat,maxLon,maxLat."
            )
        }
        self.init(unwrappedWest: west, south: south, unwrappedEast: east, north: north)
    }
}
