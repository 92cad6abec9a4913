import Foundation

/// The fixed parameters of the pin clustering that api.md §5.2 promises: zooms 0–16, a 40 px radius
/// on 512 px tiles, and at least two points to a cluster.
///
/// They are supercluster's defaults and are constants rather than options because the server
/// serves exactly one clustering; callers validate request zooms against ``minZoom`` and
/// ``maxZoom``.
public enum ClusteringParameters {
    /// The coarsest zoom that has its own clusters; lower request zooms read this one.
    public static let minZoom = 0

    /// The finest zoom that has its own clusters; zoom `maxZoom + 1` holds every pin on its own.
    public static let maxZoom = 16

    /// How near, in pixels of a tile ``tileExtent`` pixels wide, points must be to join a cluster.
    public static let radius = 40.0

    /// The width of a tile in pixels, against which ``radius`` is measured.
    public static let tileExtent = 512.0

    /// The fewest points a cluster holds.
    ///
    /// The clustering pass relies on this being 2: then any unvisited neighbour forms a cluster,
    /// and supercluster's branch for groups too small to cluster never runs.
    public static let minimumPoints = 2

    /// The cluster radius at `zoom` in Web Mercator units, where the whole world spans 0…1.
    static func mercatorRadius(atZoom zoom: Int) -> Double {
        radius / (tileExtent * pow(2, Double(zoom)))
    }
}
