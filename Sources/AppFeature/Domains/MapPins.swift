import Dependencies
import MapPinsFeature

extension Domain {
    /// Map pins and their clusters (api.md §5), over a read-only dataset every sandbox shares.
    public static let mapPins = Domain(
        name: "pins",
        summaryKey: "pins",
        endpoints: { dependencies in
            [
                Endpoint(
                    routes: MapPinsRoutes(), reducer: MapPinsFeature(), initialState: { .init() },
                    dependencies: dependencies)
            ]
        },
        links: [
            IndexLink("pins", "/pins{?lat,lon,radius,bbox,limit,category}"),
            IndexLink("pinClusters", "/pins/clusters{?bbox,zoom}"),
        ],
        sqliteMigrations: MapPinsMigrations.all,
        store: nil
    )
}
