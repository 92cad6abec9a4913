#if PostgreSQL
import CounterpartTestSupport
import PinGeometry
import PostgresNIO
import MapPinsPostgres
import PostgresStorage
import Testing

@testable import MapPinsFeature

/// What only the PostgreSQL backend has to prove: an area query reads its box through the index.
@Suite("Pins on PostgreSQL")
struct MapPinsPostgresTests {
    @Test("a city's box is read through the GiST index, not a scan of every pin")
    func boxUsesTheIndex() async throws {
        let backend = try await TestPostgres.migratedBackend(MapPinsMigrations.postgres)
        try await backend.transaction { try await MapPinRepository.seed(PinSeed.demo(), on: $0) }
        let plan = try await backend.withConnection { connection in
            var lines: [String] = []
            let explain = try await connection.query(
                """
                EXPLAIN SELECT id FROM pins
                WHERE location <@ box(point(\(139.7), \(35.6)), point(\(139.8), \(35.7)))
                """, logger: connection.logger)
            for try await line in explain.decode(String.self) { lines.append(line) }
            return lines.joined(separator: "\n")
        }
        #expect(plan.contains("pins_by_location"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }
}
#endif
