/// A latitude/longitude box on the 4-decimal grid: a `bbox` query's area and a circle's bounds.
///
/// It exists so that the antimeridian and the poles are handled once, server-side (api.md §5.1,
/// §5.2, §8.7): `west > east` means the box crosses the antimeridian, and a box as wide as the
/// world says so with `spansAllLongitudes` (west −180, east 180), which no wrapped pair of edges
/// could express. West edges lie in [−180, 180) and east edges in (−180, 180], so a box whose east
/// edge is the antimeridian reads as ending there (`170…180`) rather than as crossing it.
/// Edges are always snapped outward, so the box holds at least what was asked for.
public struct BoundingBox: Hashable, Sendable {
    /// The western edge in degrees.
    public let west: Double
    /// The southern edge in degrees, −90…90.
    public let south: Double
    /// The eastern edge in degrees; below `west` when the box crosses the antimeridian.
    public let east: Double
    /// The northern edge in degrees, −90…90.
    public let north: Double
    /// Whether the box covers every longitude (a span of 360° or more, or a circle around a pole).
    public let spansAllLongitudes: Bool

    /// Whether the box runs from `west` across 180° to `east`.
    public var crossesAntimeridian: Bool { !spansAllLongitudes && west > east }

    /// The RFC 7946 `bbox` member, `[west, south, east, north]`, as api.md §5.2 emits it.
    public var geoJSON: [Double] { [west, south, east, north] }

    /// A box from edges that may lie outside [−180, 180]: latitudes clamp to the poles, edges snap
    /// outward to the grid, a span of 360° or more after snapping covers all longitudes, and the
    /// rest wraps. Callers have already checked that the values are finite and `south <= north`.
    init(unwrappedWest: Double, south: Double, unwrappedEast: Double, north: Double) {
        let westSteps = Snapping.stepsDown(unwrappedWest)
        let eastSteps = Snapping.stepsUp(unwrappedEast)
        self.south = Snapping.degrees(fromSteps: Snapping.stepsDown(min(90, max(-90, south))))
        self.north = Snapping.degrees(fromSteps: Snapping.stepsUp(min(90, max(-90, north))))
        spansAllLongitudes = eastSteps - westSteps >= Snapping.stepsPerTurn
        if spansAllLongitudes {
            west = -180
            east = 180
        } else {
            let wrappedEast = Snapping.wrappedLongitudeSteps(eastSteps)
            west = Snapping.degrees(fromSteps: Snapping.wrappedLongitudeSteps(westSteps))
            east = Snapping.degrees(fromSteps: wrappedEast == -Snapping.stepsPerTurn / 2 ? -wrappedEast : wrappedEast)
        }
    }

    /// Whether `coordinate` lies in the box, edges included; longitude 180 counts as −180.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard south <= coordinate.latitude && coordinate.latitude <= north else { return false }
        let longitude = Longitude.wrapped(coordinate.longitude)
        return longitudeRanges.contains(longitude)
    }

    /// The box's longitudes as at most two ranges over wrapped longitudes in [−180, 180): what the
    /// spatial index searches, and what `contains` tests.
    var longitudeRanges: LongitudeRanges {
        if spansAllLongitudes { return LongitudeRanges(-180...180) }
        if west > east { return LongitudeRanges(west...180, -180...east) }
        // A box ending on the antimeridian also holds the points stored as −180.
        return east == 180 ? LongitudeRanges(west...east, -180...(-180)) : LongitudeRanges(west...east)
    }
}
