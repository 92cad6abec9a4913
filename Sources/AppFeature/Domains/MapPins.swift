import Dependencies
import GRDB
import MapPinsFeature
import PinGeometry

extension Domain {
    /// Map pins and their clusters (api.md §5), over `pins` generated from the seed, which every
    /// sandbox shares. A store that holds the million keeps it through a reset to another seed.
    public static func mapPins(_ pins: PinDataset = .demo) -> Domain {
        Domain(
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
            dataset: DomainDataset(
                generate: { seed, held in PinDataset(holding: held, else: pins).pins(seed: seed) },
                count: { $0.count },
                memory: { seed in
                    let seeded = pins.pins(seed: seed)
                    return (MapPinRepository.inMemory(pins: seeded), seeded.count)
                },
                sqlite: { file in MapPinRepository.sqlite(file.writer, reads: file.reads) },
                sqliteTable: "pins",
                storeSQLite: { db, pins, replacing in
                    if replacing {
                        try MapPinRepository.replace(with: pins, in: db)
                    } else {
                        try MapPinRepository.seed(pins, into: db)
                    }
                },
                install: { access, metrics in
                    let pins = (access.resettable ? .current(of: access) : access.fixed).timed(by: metrics)
                    return { values in values.mapPinRepository = pins }
                }), hotDependencies: { values in values.mapPinRepository = values.mapPinRepository }
        )
    }
}

extension MapPinRepository {
    /// Every call on the datasets' current generation, wholly on one seed's data.
    static func current(of access: DatasetAccess<Self>) -> Self {
        MapPinRepository(
            search: { query in try await access.withCurrent { try await $0.search(query) } },
            pin: { id in try await access.withCurrent { try await $0.pin(id) } },
            clusters: { box, zoom in try await access.withCurrent { try await $0.clusters(box, zoom) } },
            leaves: { cluster, limit, offset in
                try await access.withCurrent { try await $0.leaves(cluster, limit, offset) }
            },
            version: access.version
        )
    }
}
