public import Dependencies
public import DependenciesMacros
public import PinClusters
public import PinGeometry
import IssueReporting
import Storage

/// The map pins, whatever holds them: read-only seeded data behind a spatial index (api.md §5).
///
/// Every backend answers the same queries in the same order — centre queries by distance then id,
/// boxes by id — and the same clusters; the contract suite checks it.
///
/// ```swift
/// @Dependency(\.mapPinRepository) var pins
/// let page = try await pins.search(query)
/// ```
@DependencyClient
public struct MapPinRepository: Sendable {
    /// The pins in `query`'s area and categories, ordered and cut to its limit.
    public var search: @Sendable (_ query: PinQuery) async throws -> PinPage
    /// One pin; throws `RepositoryError.notFound` when there is none.
    public var pin: @Sendable (_ id: String) async throws -> MapPin
    /// The clusters and lone pins of `box` at `zoom` (supercluster's, api.md §5.2).
    public var clusters: @Sendable (_ box: PinGeometry.BoundingBox, _ zoom: Int) async throws -> [PinClusterItem]
    /// The pins under a cluster, `limit` of them after `offset`; `RepositoryError.notFound` for an
    /// id that is not a cluster.
    public var leaves: @Sendable (_ cluster: ClusterID, _ limit: Int, _ offset: Int) async throws -> [MapPin]
    /// The data version: it changes when the pins are replaced (a reset to another seed), so an
    /// answer cached from the old ones is never served again.
    public var version: @Sendable () -> Int = { 0 }
}

/// One feature of a cluster answer: a cluster, or a pin on its own.
public enum PinClusterItem: Sendable, Equatable {
    case cluster(PinCluster, expansionZoom: Int)
    case pin(MapPin)
}

extension MapPinRepository: TestDependencyKey {
    /// Unimplemented: a test that reaches an endpoint it did not override fails.
    public static let testValue = MapPinRepository()
}

extension MapPinRepository: DependencyKey {
    /// Fails loudly until the server's bootstrap installs a real backend from `--database`.
    public static let liveValue = MapPinRepository(
        search: { _ in throw unbootstrapped() },
        pin: { _ in throw unbootstrapped() },
        clusters: { _, _ in throw unbootstrapped() },
        leaves: { _, _, _ in throw unbootstrapped() },
        version: { 0 }
    )

    private static func unbootstrapped() -> RepositoryError {
        reportIssue(
            "MapPinRepository was used before the server installed a backend. Set \\.mapPinRepository with "
                + "prepareDependencies at boot (AppFeature's AppDatabase does this from --database)."
        )
        return .unknown("MapPinRepository is not bootstrapped.")
    }
}

extension DependencyValues {
    /// The pins requests read.
    public var mapPinRepository: MapPinRepository {
        get { self[MapPinRepository.self] }
        set { self[MapPinRepository.self] = newValue }
    }
}
