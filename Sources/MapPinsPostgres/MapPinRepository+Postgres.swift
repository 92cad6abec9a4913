#if PostgreSQL
public import MapPinsFeature
public import PinGeometry
public import PostgresNIO
public import PostgresStorage
import Storage

extension MapPinRepository {
    /// The pins in PostgreSQL: an area query reads the candidates of its bounding box through the
    /// GiST index (PostgreSQL's geometric comparisons are fuzzy by 1e-6°, so never too few) and keeps
    /// exactly those in the area through the same `SpatialIndex` code as every other backend —
    /// identical pages by construction. Clusters are derived data: built from the table once, on the
    /// first cluster request, and kept in memory.
    public static func postgres(_ database: PostgresBackend) -> Self {
        let hierarchy = LazyPinHierarchy {
            try await database.withConnection { try await PinPostgresRows.fetchAll($0) }
        }
        return Self(
            search: { query in
                let candidates = try await database.withConnection { connection in
                    try await PinPostgresRows.candidates(connection, in: query.area.bounds)
                }
                return PinAreas(candidates).search(query)
            },
            pin: { id in
                let pin = try await database.withConnection {
                    try await PinPostgresRows.fetchOne($0, id: id.lowercased())
                }
                guard let pin else { throw RepositoryError.notFound(notFound(id)) }
                return pin
            },
            clusters: { box, zoom in try await hierarchy.hierarchy.clusters(in: box, zoom: zoom) },
            leaves: { cluster, limit, offset in
                try await hierarchy.hierarchy.leaves(of: cluster, limit: limit, offset: offset)
            },
            version: { 0 }
        )
    }

    /// Writes `pins` (the seed) into an empty table, inside the caller's transaction: 10,000 a
    /// statement, so the million-pin benchmark set loads in seconds.
    public static func seed(_ pins: [MapPin], on connection: PostgresConnection) async throws {
        for start in stride(from: 0, to: pins.count, by: 10_000) {
            try await PinPostgresRows.insert(connection, pins[start..<min(start + 10_000, pins.count)])
        }
        try await connection.query("ANALYZE pins", logger: connection.logger)
    }

    /// Replaces every pin with `pins` inside the caller's transaction.
    public static func replace(with pins: [MapPin], on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM pins", logger: connection.logger)
        try await seed(pins, on: connection)
    }
}

/// The PostgreSQL `pins` table's SQL, every value bound.
enum PinPostgresRows {
    private typealias Columns = (String, String, String?, String, Double, Double)

    static func candidates(_ connection: PostgresConnection, in bounds: PinGeometry.BoundingBox) async throws
        -> [MapPin]
    {
        var pins: [MapPin] = []
        for (west, east) in PinRows.longitudeRanges(of: bounds) {
            let rows = try await connection.query(
                """
                SELECT id, title, subtitle, category, latitude, longitude FROM pins
                WHERE location <@ box(point(\(west), \(bounds.south)), point(\(east), \(bounds.north)))
                """, logger: connection.logger)
            for try await row in rows.decode(Columns.self) { pins.append(try pin(row)) }
        }
        return pins
    }

    static func fetchOne(_ connection: PostgresConnection, id: String) async throws -> MapPin? {
        let rows = try await connection.query(
            "SELECT id, title, subtitle, category, latitude, longitude FROM pins WHERE id = \(id)",
            logger: connection.logger)
        for try await row in rows.decode(Columns.self) { return try pin(row) }
        return nil
    }

    static func fetchAll(_ connection: PostgresConnection) async throws -> [MapPin] {
        var pins: [MapPin] = []
        let rows = try await connection.query(
            "SELECT id, title, subtitle, category, latitude, longitude FROM pins ORDER BY id", logger: connection.logger
        )
        for try await row in rows.decode(Columns.self) { pins.append(try pin(row)) }
        return pins
    }

    /// `pins` in one statement. Arrays cannot carry NULL here, so a missing subtitle travels as
    /// `""` beside a flag saying it is missing.
    static func insert(_ connection: PostgresConnection, _ pins: ArraySlice<MapPin>) async throws {
        let ids = pins.map(\.id)
        let titles = pins.map(\.title)
        let subtitles = pins.map { $0.subtitle ?? "" }
        let hasSubtitle = pins.map { $0.subtitle != nil }
        let categories = pins.map(\.category.rawValue)
        let latitudes = pins.map(\.latitude)
        let longitudes = pins.map(\.longitude)
        try await connection.query(
            """
            INSERT INTO pins (id, title, subtitle, category, latitude, longitude, location)
            SELECT id, title, CASE WHEN has_subtitle THEN subtitle END, category, latitude, longitude,
                point(longitude, latitude)
            FROM unnest(\(ids)::text[], \(titles)::text[], \(subtitles)::text[], \(hasSubtitle)::boolean[],
                \(categories)::text[], \(latitudes)::double precision[], \(longitudes)::double precision[])
                AS seed(id, title, subtitle, has_subtitle, category, latitude, longitude)
            """, logger: connection.logger)
    }

    private static func pin(_ row: Columns) throws -> MapPin {
        guard let category = PinCategory(rawValue: row.3) else {
            throw RepositoryError.unknown("The pins table holds an unknown category \(row.3).")
        }
        return MapPin(id: row.0, title: row.1, subtitle: row.2, category: category, latitude: row.4, longitude: row.5)
    }
}
#endif
