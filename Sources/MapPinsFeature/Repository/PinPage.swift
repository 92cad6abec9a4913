public import PinGeometry

/// The pins an area query found: the page after `limit`, and how many matched before it.
public struct PinPage: Sendable, Equatable {
    /// Each pin with its distance from a centre query's snapped centre (`nil` for boxes).
    public var pins: [PinMatch]
    /// The matches before `limit` (`X-Total-Count`).
    public var totalCount: Int

    /// Creates a page.
    public init(pins: [PinMatch], totalCount: Int) {
        self.pins = pins
        self.totalCount = totalCount
    }

    /// Whether `limit` cut the matches short (`X-Result-Truncated`).
    public var isTruncated: Bool { pins.count < totalCount }
}

/// One pin of a page.
public struct PinMatch: Sendable, Equatable {
    /// The pin.
    public var pin: MapPin
    /// Metres from the snapped centre, for centre queries.
    public var distanceMeters: Double?

    /// Creates a match.
    public init(pin: MapPin, distanceMeters: Double?) {
        self.pin = pin
        self.distanceMeters = distanceMeters
    }
}
