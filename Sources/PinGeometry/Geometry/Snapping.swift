/// Snapping to api.md §5.1's 4-decimal grid (~11 m), so nearby requests share results and ETags.
///
/// Edges are handled as whole numbers of grid steps (1e-4°) held in `Double`s, which are exact up
/// to 2⁵³: wrapping a step count by 360° adds no rounding noise, and dividing it by 10,000 yields
/// the double nearest the 4-decimal value, which prints with at most 4 decimals.
enum Snapping {
    /// Grid steps per degree.
    static let stepsPerDegree = 10_000.0
    /// Steps in a full turn of longitude.
    static let stepsPerTurn = 360 * stepsPerDegree
    /// How far (in steps) a value may sit from a grid line and still count as on it: 1e-11°, about
    /// a micrometre. Decimal edges such as 139.756 are not exact binary numbers, and without this
    /// an edge that is already snapped would widen by another step each time it is sent back.
    static let onGridTolerance = 1e-7

    /// `degrees` rounded to the nearest grid value (a centre's snapping).
    static func nearest(_ degrees: Double) -> Double {
        (degrees * stepsPerDegree).rounded() / stepsPerDegree
    }

    /// The grid step at or below `degrees` (a west or south edge widening outward).
    static func stepsDown(_ degrees: Double) -> Double {
        let steps = degrees * stepsPerDegree
        let nearestStep = steps.rounded()
        return abs(steps - nearestStep) <= onGridTolerance ? nearestStep : steps.rounded(.down)
    }

    /// The grid step at or above `degrees` (an east or north edge widening outward).
    static func stepsUp(_ degrees: Double) -> Double {
        let steps = degrees * stepsPerDegree
        let nearestStep = steps.rounded()
        return abs(steps - nearestStep) <= onGridTolerance ? nearestStep : steps.rounded(.up)
    }

    /// A longitude step count wrapped into [−180°, 180°), still in steps.
    static func wrappedLongitudeSteps(_ steps: Double) -> Double {
        let shifted = (steps + stepsPerTurn / 2).truncatingRemainder(dividingBy: stepsPerTurn)
        return (shifted < 0 ? shifted + stepsPerTurn : shifted) - stepsPerTurn / 2
    }

    /// Steps back in degrees.
    static func degrees(fromSteps steps: Double) -> Double {
        steps / stepsPerDegree
    }
}
