public import HTTPKit
import PinGeometry

/// A pin as `Codable` clients decode it (api.md §5): members in order, `distanceMeters` with one
/// decimal for centre queries and `null` otherwise.
public struct PinRepresentation: JSONWritable {
    let match: PinMatch

    /// Represents `match`.
    public init(_ match: PinMatch) {
        self.match = match
    }

    public func write(to writer: inout JSONWriter) {
        let pin = match.pin
        writer.object { object in
            object.member("id", pin.id)
            object.member("title", pin.title)
            object.member("subtitle", pin.subtitle)
            object.member("category", pin.category.rawValue)
            object.member("latitude") { $0.number(pin.latitude) }
            object.member("longitude") { $0.number(pin.longitude) }
            object.member("distanceMeters") { Self.distance(match.distanceMeters, to: &$0) }
        }
    }

    /// Metres with one decimal (`0.0`, `812.4`), or `null`.
    static func distance(_ meters: Double?, to writer: inout JSONWriter) {
        guard let meters else { return writer.null() }
        writer.fractionalNumber((meters * 10).rounded() / 10)
    }
}

/// A pin as one RFC 7946 `Feature`: a `Point` at `[longitude, latitude]`, the rest in `properties`.
public struct PinFeature: JSONWritable {
    let match: PinMatch

    /// Represents `match`.
    public init(_ match: PinMatch) {
        self.match = match
    }

    public func write(to writer: inout JSONWriter) {
        let pin = match.pin
        writer.object { feature in
            feature.member("type", "Feature")
            feature.member("id", pin.id)
            feature.member("geometry") {
                PointGeometry(longitude: pin.longitude, latitude: pin.latitude).write(to: &$0)
            }
            feature.member("properties") { writer in
                writer.object { properties in
                    properties.member("title", pin.title)
                    properties.member("subtitle", pin.subtitle)
                    properties.member("category", pin.category.rawValue)
                    properties.member("distanceMeters") { PinRepresentation.distance(match.distanceMeters, to: &$0) }
                }
            }
        }
    }
}

/// `{"type":"Point","coordinates":[lon,lat]}`.
struct PointGeometry: JSONWritable {
    let longitude: Double
    let latitude: Double

    func write(to writer: inout JSONWriter) {
        writer.object { geometry in
            geometry.member("type", "Point")
            geometry.member("coordinates") { writer in
                writer.array([longitude, latitude]) { $0.number($1) }
            }
        }
    }
}
