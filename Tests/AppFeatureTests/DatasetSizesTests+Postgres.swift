#if PostgreSQL
import AppFeature
import AppPostgres
import CounterpartTestSupport
import Logging
import PostgresNIO
import PostgresStorage
import Storage
import Testing

extension DatasetSizesTests {
    /// An instance's start on the shared database at `url`: the dataset sizes it reports, by
    /// `summaryKey`.
    static func sizesAtStart(_ url: PostgresURL) async throws -> [String: Int] {
        let support = PostgresSupport.live(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let database = try await AppDatabase.open(.postgres(url: url.argument), readers: 1, postgres: support)
        try await database.close()
        return database.datasetCounts
    }

    /// The sizes recorded in the database `backend` reaches, by dataset name.
    static func recordedSizes(_ backend: PostgresBackend) async throws -> [String: Int] {
        try await backend.withConnection { connection in try await DatasetSizeRows.all(on: connection) }
    }

    @Test("on PostgreSQL: seeding records the sizes; a later instance takes them; an older database is counted once")
    func postgres() async throws {
        let url = try await TestPostgres.freshDatabase()
        let pins = Domain.mapPins().summaryKey
        #expect(try await Self.sizesAtStart(url)[pins] == 2_800)
        let backend = try await TestPostgres.backend(at: url)
        #expect(try await Self.recordedSizes(backend) == [Self.searchDomain: 5_000, Self.pinsDomain: 2_800])

        // A size that differs from the table's shows which one the next instance believed.
        try await backend.withConnection { connection in
            try await DatasetSizeRows.record(Self.pinsDomain, items: 1_234, on: connection)
        }
        #expect(try await Self.sizesAtStart(url)[pins] == 1_234, "the instance counted the pins table instead")

        // A database written before sizes were recorded.
        try await backend.withConnection { connection in
            _ = try await connection.query("DELETE FROM dataset_sizes", logger: connection.logger)
        }
        #expect(try await Self.sizesAtStart(url)[pins] == 2_800)
        #expect(try await Self.recordedSizes(backend) == [Self.searchDomain: 5_000, Self.pinsDomain: 2_800])
        await backend.stop()
    }
}
#endif
