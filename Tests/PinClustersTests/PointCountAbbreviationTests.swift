import PinClusters
import Testing

@Suite("point_count_abbreviated follows supercluster")
struct PointCountAbbreviationTests {
    // supercluster: count >= 10000 ? Math.round(count / 1000) + 'k'
    //             : count >= 1000 ? Math.round(count / 100) / 10 + 'k' : count
    @Test(
        "abbreviations",
        arguments: [
            (2, "2"), (999, "999"), (1_000, "1k"), (1_049, "1k"), (1_050, "1.1k"), (1_234, "1.2k"),
            (9_949, "9.9k"), (9_950, "10k"), (9_999, "10k"), (10_000, "10k"), (10_499, "10k"),
            (10_500, "11k"), (999_499, "999k"), (1_234_567, "1235k"),
        ]
    )
    func abbreviation(count: Int, expected: String) {
        let cluster = PinCluster(id: ClusterID(rawValue: 0), pointCount: count, longitude: 0, latitude: 0)
        #expect(cluster.pointCountAbbreviated == expected)
    }
}
