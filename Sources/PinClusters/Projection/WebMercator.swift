import Foundation

/// Spherical Web Mercator scaled to the unit square, supercluster's clustering space.
///
/// x runs 0…1 from 180° W to 180° E and y runs 0…1 from the north (85.0511° N and beyond, clamped)
/// to the south. At zoom z a 512 px tile covers 1 / 2^z of this square.
enum WebMercator {
    static func x(longitude: Double) -> Double {
        longitude / 360 + 0.5
    }

    static func y(latitude: Double) -> Double {
        let sine = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + sine) / (1 - sine)) / .pi
        return y < 0 ? 0 : (y > 1 ? 1 : y)
    }

    static func longitude(x: Double) -> Double {
        (x - 0.5) * 360
    }

    static func latitude(y: Double) -> Double {
        let angle = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(angle)) / .pi - 90
    }
}
