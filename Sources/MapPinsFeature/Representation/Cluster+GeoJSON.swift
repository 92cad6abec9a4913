import HTTPKit
import PinClusters

/// A cluster as supercluster's users read it: a `Point` feature whose properties are `cluster`,
/// `cluster_id`, `point_count`, `point_count_abbreviated` (api.md §5.2), plus `expansion_zoom`, the
/// zoom at which it splits (what a tap zooms to).
struct ClusterFeatureRepresentation: JSONWritable {
    let cluster: PinCluster
    let expansionZoom: Int

    func write(to writer: inout JSONWriter) {
        writer.object { feature in
            feature.member("type", "Feature")
            feature.member("id", cluster.id.rawValue)
            feature.member("geometry") {
                // A centroid has every digit a division gives; api.md §1 keeps coordinates to 6 decimals.
                PointGeometry(longitude: Self.micro(cluster.longitude), latitude: Self.micro(cluster.latitude))
                    .write(to: &$0)
            }
            feature.member("properties") { writer in
                writer.object { properties in
                    properties.member("cluster", true)
                    properties.member("cluster_id", cluster.id.rawValue)
                    properties.member("point_count", cluster.pointCount)
                    properties.member("point_count_abbreviated", cluster.pointCountAbbreviated)
                    properties.member("expansion_zoom", expansionZoom)
                }
            }
        }
    }

    private static func micro(_ degrees: Double) -> Double {
        (degrees * 1_000_000).rounded() / 1_000_000
    }
}
