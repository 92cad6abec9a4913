/// Thrown when a cluster id names no cluster of this index.
///
/// Ids come from clients, so any number may arrive: one from an older index (the encoding is
/// relative to the pin count and row order), a pin's position, or garbage. The server maps this
/// error to 404.
public struct UnknownClusterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id that was asked for.
    public let clusterID: ClusterID
    /// How many pins the index that rejected it holds.
    public let pinCount: Int

    /// Creates the error; public so that test doubles of a cluster service can throw it too.
    public init(clusterID: ClusterID, pinCount: Int) {
        self.clusterID = clusterID
        self.pinCount = pinCount
    }

    /// What went wrong, why, and what the client should do.
    public var description: String {
        "No cluster has id \(clusterID) in this index of \(pinCount) pins. Cluster ids are only "
            + "valid for the index that served them, since they encode an origin row and zoom; "
            + "ask for the clusters of the area again to get current ids."
    }
}
