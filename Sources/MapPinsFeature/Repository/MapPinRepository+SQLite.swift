public import GRDB
public import PinGeometry
public import Storage

extension MapPinRepository {
    /// The pins in SQLite: an area query reads the candidates of its bounding box from the R*Tree
    /// (32-bit float boxes, rounded outward, so never too few) and keeps exactly those in the area
    /// through the same `SpatialIndex` code the in-memory backend runs — identical pages by
    /// construction; a pin by id is a bounded read on the calling thread (`LocalReads`), an area
    /// query (up to a whole world of candidates) stays on GRDB's readers. Clusters are derived data: supercluster's trees are built from the table once,
    /// on the first cluster request, and kept in memory. `reads`, when given, are the loops' read
    /// connections the other stores on the file share.
    public static func sqlite(_ database: any DatabaseWriter, reads: LocalReads? = nil) -> Self {
        let hierarchy = LazyPinHierarchy { try await database.read { db in try PinRows.fetchAll(RowReader(db)) } }
        let reads = reads ?? LocalReads(database)
        return Self(
            search: { query in
                try await RepositoryError.mappingSQLite {
                    try await database.read { db in try PinRows.search(RowReader(db), query: query) }
                }
            },
            pin: { id in
                try await reads.read { reader in
                    guard let pin = try PinRows.fetchOne(reader, id: id.lowercased()) else {
                        throw RepositoryError.notFound(notFound(id))
                    }
                    return pin
                }
            },
            clusters: { box, zoom in try await hierarchy.hierarchy.clusters(in: box, zoom: zoom) },
            leaves: { cluster, limit, offset in
                try await hierarchy.hierarchy.leaves(of: cluster, limit: limit, offset: offset)
            },
            version: { 0 }
        )
    }

    /// Replaces every pin with `pins` inside the caller's transaction (`POST /__admin/reset` to
    /// another seed); a `.sqlite` repository opened before keeps its cluster trees, so open a new one.
    public static func replace(with pins: [MapPin], in db: Database) throws {
        try PinRows.emptyIndex(db)
        try db.execute(sql: "DELETE FROM pins")
        try seed(pins, into: db)
    }

    /// Writes `pins` (the seed: read-only data, like the repositories) into an empty table, inside
    /// the caller's transaction.
    public static func seed(_ pins: [MapPin], into db: Database) throws {
        let insert = try PinRows.Insertion(db)
        for pin in pins { try insert(pin) }
    }
}

/// The `pins` and `pins_rtree` tables' SQL, all with bound arguments.
package enum PinRows {
    static let columns = "id, title, subtitle, category, latitude, longitude"
    private static let selectInBox = ReadQuery(
        """
        SELECT \(columns) FROM pins_rtree JOIN pins ON pins.rowid = pins_rtree.rowid
        WHERE pins_rtree.maxLon >= ? AND pins_rtree.minLon <= ?
        AND pins_rtree.maxLat >= ? AND pins_rtree.minLat <= ?
        """)
    private static let selectOne = ReadQuery("SELECT \(columns) FROM pins WHERE id = ?")
    private static let selectRowIDsByID = ReadQuery("SELECT rowid FROM pins ORDER BY id")
    private static let selectAllByRowID = ReadQuery("SELECT \(columns), rowid FROM pins ORDER BY rowid")

    static func search(_ reader: RowReader, query: PinQuery) throws -> PinPage {
        let bounds = query.area.bounds
        var candidates: [MapPin] = []
        for (west, east) in longitudeRanges(of: bounds) {
            candidates += try reader.all(
                selectInBox, [.real(west), .real(east), .real(bounds.south), .real(bounds.north)], decode: pin)
        }
        return PinAreas(candidates).search(query)
    }

    /// The one or two longitude ranges a box covers (two across the antimeridian).
    package static func longitudeRanges(of box: PinGeometry.BoundingBox) -> [(Double, Double)] {
        if box.spansAllLongitudes { return [(-180, 180)] }
        return box.crossesAntimeridian ? [(box.west, 180), (-180, box.east)] : [(box.west, box.east)]
    }

    static func fetchOne(_ reader: RowReader, id: String) throws -> MapPin? {
        try reader.first(selectOne, [.text(id)], decode: pin)
    }

    /// Every pin, in id order: the order the cluster hierarchy is built in. Call it inside one
    /// read, so both passes see the same rows.
    ///
    /// Two passes, each reading in the order its data lies in the file: the id index says where each
    /// row goes, then the table, read in its own (rowid) order, puts every pin there. Read through
    /// the index in one pass, each pin was a page of the table in no particular place, and a million
    /// of them took twice as long (BENCHMARKS.md, fiftieth run).
    static func fetchAll(_ reader: RowReader) throws -> [MapPin] {
        let rowIDs = try reader.all(selectRowIDsByID) { $0.integer(0) }
        // Each row's place in id order, listed in the order the table is read.
        let places = rowIDs.enumerated().map { (rowID: $1, place: $0) }.sorted { $0.rowID < $1.rowID }
        var placed = [MapPin?](repeating: nil, count: rowIDs.count)
        var read = 0
        try reader.reduce(selectAllByRowID, into: ()) { _, row in
            guard read < places.count, places[read].rowID == row.integer(6) else { throw tableChanged }
            placed[places[read].place] = try pin(row)
            read += 1
        }
        guard read == places.count else { throw tableChanged }
        return placed.compactMap { $0 }
    }

    private static let tableChanged = RepositoryError.unknown(
        "The pins table and its id index listed different rows: read every pin in one transaction.")

    /// Empties the R*Tree by dropping it and creating it again as the schema declares it, in the
    /// caller's transaction like the rest of a reseed: `DELETE` removes a virtual table's rows one
    /// by one, 22 s for a million pins, against 0.15 s (BENCHMARKS.md, forty-eighth run).
    static func emptyIndex(_ db: Database) throws {
        let declared = "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'pins_rtree'"
        guard let declaration = try String.fetchOne(db, sql: declared) else {
            throw RepositoryError.unknown("The pins_rtree index is missing: the pins-1-create migration did not run.")
        }
        try db.execute(sql: "DROP TABLE pins_rtree")
        // One statement, whatever the file says: GRDB refuses a declaration followed by another.
        try db.makeStatement(sql: declaration).execute()
    }

    /// Writes a pin's two rows, the table's and the index's, with statements prepared once for
    /// every pin of a seed: preparing them anew for each pin took a third of a million pins' seed
    /// (BENCHMARKS.md, forty-eighth run).
    struct Insertion {
        private let db: Database
        private let row: Statement
        private let point: Statement

        init(_ db: Database) throws {
            self.db = db
            row = try db.makeStatement(sql: "INSERT INTO pins (\(columns)) VALUES (?, ?, ?, ?, ?, ?)")
            point = try db.makeStatement(
                sql: "INSERT INTO pins_rtree (rowid, minLon, maxLon, minLat, maxLat) VALUES (?, ?, ?, ?, ?)")
        }

        func callAsFunction(_ pin: MapPin) throws {
            try row.execute(
                arguments: [pin.id, pin.title, pin.subtitle, pin.category.rawValue, pin.latitude, pin.longitude])
            try point.execute(
                arguments: [db.lastInsertedRowID, pin.longitude, pin.longitude, pin.latitude, pin.latitude])
        }
    }

    private static func pin(_ row: SQLiteColumns) throws -> MapPin {
        let category = row.text(3)
        guard let parsed = PinCategory(rawValue: category) else {
            throw RepositoryError.unknown("The pins table holds an unknown category \(category).")
        }
        return MapPin(
            id: row.text(0), title: row.text(1), subtitle: row.text(2), category: parsed, latitude: row.real(4),
            longitude: row.real(5))
    }
}
