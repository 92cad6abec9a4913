extension PinQuery {
    /// The query of `GET /pins` from its decoded query items, in order (api.md §1, §5.1).
    ///
    /// Unknown names are ignored and for single-valued parameters the last one wins; `category` may
    /// repeat and may hold a comma list. Exactly one area form must be present: `lat` and `lon`
    /// (with an optional `radius`, default 1,000 m), or `bbox`. Both forms throw
    /// `conflictingAreas` naming `bbox`; neither throws `missing` naming `lat`. The first bad value
    /// found is the one reported, area first, then `limit`, then `category`.
    public init(queryItems: [(name: String, value: String)]) throws(PinQueryError) {
        var values: [PinQueryError.Parameter: String] = [:]
        var categoryValues: [String] = []
        for item in queryItems {
            guard let parameter = PinQueryError.Parameter(rawValue: item.name) else { continue }
            if parameter == .category {
                categoryValues.append(item.value)
            } else {
                values[parameter] = item.value
            }
        }
        try self.init(
            area: Self.area(from: values),
            limit: Self.limit(from: values[.limit]),
            categories: PinCategory.parse(categoryValues)
        )
    }

    private static func area(from values: [PinQueryError.Parameter: String]) throws(PinQueryError) -> PinArea {
        let centreParameters = [values[.lat], values[.lon], values[.radius]].compactMap { $0 }
        switch (values[.bbox], centreParameters.isEmpty) {
        case (let bbox?, true):
            return .box(try BoundingBox(parsing: bbox))
        case (.some, false):
            throw PinQueryError(
                .bbox,
                .conflictingAreas,
                "bbox cannot be combined with lat, lon or radius; send either a centre or a box."
            )
        case (nil, _):
            return .circle(try circle(from: values))
        }
    }

    private static func circle(from values: [PinQueryError.Parameter: String]) throws(PinQueryError) -> CircleArea {
        guard let latitudeText = values[.lat] else {
            let hint = values[.lon] == nil ? " or bbox=minLon,minLat,maxLon,maxLat" : ""
            throw PinQueryError(.lat, .missing, "lat is missing; send lat and lon (and optionally radius)\(hint).")
        }
        guard let longitudeText = values[.lon] else {
            throw PinQueryError(.lon, .missing, "lon is missing; a centre needs both lat and lon.")
        }
        let latitude = try QueryNumber.parse(latitudeText, parameter: .lat, label: "lat")
        let longitude = try QueryNumber.parse(longitudeText, parameter: .lon, label: "lon")
        let radius = try values[.radius].map { text throws(PinQueryError) in
            try QueryNumber.parse(text, parameter: .radius, label: "radius")
        }
        return try CircleArea(
            center: Coordinate(latitude: latitude, longitude: longitude),
            radius: radius ?? CircleArea.defaultRadius
        )
    }

    private static func limit(from text: String?) throws(PinQueryError) -> Int {
        guard let text else { return defaultLimit }
        let trimmed = text.trimmingSpaces
        let digits = trimmed.hasPrefix("+") || trimmed.hasPrefix("-") ? trimmed.dropFirst() : trimmed[...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            let isNumber = QueryNumber.isDecimal(trimmed)
            throw PinQueryError(
                .limit,
                isNumber ? .notAnInteger : .notANumber,
                "limit must be a whole number from 1 to 500; got \(PinQueryError.quoted(text))."
            )
        }
        guard let limit = Int(trimmed) else {
            throw PinQueryError(.limit, .outOfRange, "limit must be from 1 to 500; got \(PinQueryError.quoted(text)).")
        }
        return limit
    }
}

extension Character {
    /// Whether this is one of 0–9 (not any Unicode digit, which `isNumber` would admit).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
