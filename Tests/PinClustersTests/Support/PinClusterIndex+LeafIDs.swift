import PinClusters

extension PinClusterIndex {
    /// The ids of every pin `feature` stands for: its own, or all of its cluster's leaves.
    func leafIDs(of feature: ClusterFeature<ID>) throws -> [ID] {
        switch feature {
        case .pin(let pin): [pin.id]
        case .cluster(let cluster): try leaves(of: cluster.id, limit: .max).map(\.id)
        }
    }
}
