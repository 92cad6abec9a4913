import MapPinsFeature

extension MapPinRepository {
    /// The same repository with every call's duration recorded in `metrics`
    /// (`counterpart_repository_call_duration_seconds{repository="pins"}`).
    func timed(by metrics: AppMetrics) -> Self {
        let search = metrics.repositoryTimer("pins", "search")
        let pin = metrics.repositoryTimer("pins", "pin")
        let clusters = metrics.repositoryTimer("pins", "clusters")
        let leaves = metrics.repositoryTimer("pins", "leaves")
        return MapPinRepository(
            search: { query in try await search.time { try await self.search(query) } },
            pin: { id in try await pin.time { try await self.pin(id) } },
            clusters: { box, zoom in try await clusters.time { try await self.clusters(box, zoom) } },
            leaves: { cluster, limit, offset in try await leaves.time { try await self.leaves(cluster, limit, offset) }
            },
            version: version
        )
    }
}
