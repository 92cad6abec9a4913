/// Longitude arithmetic on the circle: wrapping into the one canonical range.
enum Longitude {
    /// `degrees` wrapped into [−180, 180), so 180 and −180 (the same meridian) compare equal.
    ///
    /// Values already in range come back untouched, bit for bit.
    static func wrapped(_ degrees: Double) -> Double {
        if degrees >= -180 && degrees < 180 { return degrees }
        let shifted = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }
}
