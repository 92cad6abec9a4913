import Dependencies
public import HTTPKit
import PinClusters
public import PinGeometry
public import Reducers
import Storage

/// The map pins (api.md §5): read-only seeded pins behind spatial indexes, each request one
/// repository call whose result becomes the answer — a plain array for `Codable`, or GeoJSON for
/// MapKit's and Mapbox's decoders.
///
/// Areas are parsed and snapped by the router (`PinGeometry`), so nearby map regions ask the same
/// query and share the body and its ETag; clusters are supercluster's (`PinClusters`).
public struct MapPinsFeature: Reducer, Sendable {
    /// One request's state: what was asked and, once known, the answer.
    public struct State: RespondingState, Equatable {
        /// The request being answered.
        public var request: MapPinsRequest?
        /// The data version the request started at; its response is cached under it.
        public var cacheVersion = 0
        public var response: Response?

        /// An unanswered request.
        public init() {}
    }

    /// Public requests from the router; internal results from this feature's effects.
    public enum Action: RoutableAction {
        case request(MapPinsRequest)
        case `internal`(Internal)
    }

    /// Repository outcomes, built only by this feature's effects.
    public enum Internal: Sendable {
        case searched(TaskResult<PinPage>)
        case fetched(TaskResult<MapPin>)
        case clustered(TaskResult<[PinClusterItem]>)
        case expanded(TaskResult<[MapPin]>)
    }

    /// Creates the feature.
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let pins = DependencyValues.current(\.mapPinRepository)
        let cache = DependencyValues.current(\.responseCache)
        switch action {
        case .request(let request):
            state.request = request
            // Read the version before the data: a reset to another seed racing the read can only
            // orphan the entry.
            state.cacheVersion = pins.version()
            if let cached = cache.response(for: request.cacheKey, version: state.cacheVersion) {
                state.response = cached
                return .none
            }
            switch request.operation {
            case .search(let query):
                return .task({ .internal(.searched($0)) }) { try await pins.search(query) }
            case .pin(let id):
                return .task({ .internal(.fetched($0)) }) { try await pins.pin(id) }
            case .clusters(let box, let zoom):
                return .task({ .internal(.clustered($0)) }) { try await pins.clusters(box, zoom) }
            case .leaves(let cluster, let limit, let offset):
                return .task({ .internal(.expanded($0)) }) { try await pins.leaves(cluster, limit, offset) }
            }

        case .internal(.searched(.success(let page))):
            guard let request = state.request, case .search(let query) = request.operation else { return .none }
            state.response = MapPinsResponses.page(page, query: query, inGeoJSON: request.inGeoJSON)

        case .internal(.fetched(.success(let pin))):
            state.response = MapPinsResponses.pin(pin, inGeoJSON: state.request?.inGeoJSON ?? false)

        case .internal(.clustered(.success(let items))):
            guard case .clusters(let box, _) = state.request?.operation else { return .none }
            state.response = MapPinsResponses.clusters(items, box: box)

        case .internal(.expanded(.success(let leaves))):
            state.response = MapPinsResponses.leaves(leaves)

        case .internal(.searched(.failure(let error))), .internal(.fetched(.failure(let error))),
            .internal(.clustered(.failure(let error))), .internal(.expanded(.failure(let error))):
            state.response = .problem(Problem.answering(error))
            return .none
        }
        // Reached only by a success: remembered synchronously, since the response rule cancels effects.
        if let request = state.request, let response = state.response {
            cache.store(response, for: request.cacheKey, version: state.cacheVersion)
        }
        return .none
    }
}
