extension Double {
    /// These degrees in radians.
    var radians: Double { self * .pi / 180 }

    /// These radians in degrees.
    var degrees: Double { self * 180 / .pi }
}
