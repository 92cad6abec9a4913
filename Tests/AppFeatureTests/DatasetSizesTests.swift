import CounterpartTestSupport
import Foundation
import GRDB
import Storage
import Testing

@testable import AppFeature

@Suite("Dataset sizes: recorded as a dataset is written, read back at start instead of counted")
struct DatasetSizesTests {
    static let searchDomain = Domain.repoSearch.name
    static let pinsDomain = Domain.mapPins().name

    /// Where a test's new file goes: a folder of its own, removed with the test process's folder.
    static func newFilePath() throws -> String {
        try temporaryDirectory().appendingPathComponent("sizes.sqlite").path
    }

    /// Opens the file at `path` as a start does, runs `body` on it and its writer, and closes it.
    @discardableResult
    static func withFile<T>(
        _ path: String, _ body: (AppDatabase, any DatabaseWriter) async throws -> T
    ) async throws -> T {
        let database = try await AppDatabase.open(.sqliteFile(path: path), readers: 1)
        do {
            let result = try await body(database, try #require(database.writer))
            try await database.close()
            return result
        } catch {
            try? await database.close()
            throw error
        }
    }

    @Test("a new file records each dataset's size as it fills it")
    func newFileRecordsSizes() async throws {
        let path = try Self.newFilePath()
        try await Self.withFile(path) { _, writer in
            let recorded = try await writer.read(DatasetSizes.recorded)
            #expect(recorded == [Self.searchDomain: 5_000, Self.pinsDomain: 2_800])
        }
    }

    @Test("a later start takes the recorded sizes: it counts no table")
    func laterStartReadsRecordedSizes() async throws {
        let path = try Self.newFilePath()
        try await Self.withFile(path) { _, writer in
            // A size that differs from the table's shows which one the next start believed.
            try await writer.write { db in try DatasetSizes.record(db, Self.pinsDomain, items: 1_234) }
        }
        let sizes = try await Self.withFile(path) { database, _ in database.datasetCounts }
        #expect(sizes[Domain.mapPins().summaryKey] == 1_234, "the start counted the pins table instead")
        #expect(sizes[Domain.repoSearch.summaryKey] == 5_000)
    }

    @Test("a file from before sizes were recorded is counted once, and its sizes recorded")
    func olderFileIsCountedOnce() async throws {
        let path = try Self.newFilePath()
        try await Self.withFile(path) { _, writer in
            try await writer.write { db in try db.execute(sql: "DELETE FROM counterpart_dataset_size") }
        }
        try await Self.withFile(path) { _, writer in
            let recorded = try await writer.read(DatasetSizes.recorded)
            #expect(recorded == [Self.searchDomain: 5_000, Self.pinsDomain: 2_800])
        }
    }

    @Test("a dataset table emptied since its size was recorded is filled again at start")
    func emptiedTableIsFilledAgain() async throws {
        let path = try Self.newFilePath()
        try await Self.withFile(path) { _, writer in
            // As the sqlite3 shell could, on a file shared with --sqlite-locking shared.
            try await writer.write { db in try db.execute(sql: "DELETE FROM pins; DELETE FROM pins_rtree") }
        }
        let pins = try await Self.withFile(path) { _, writer in
            try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pins") }
        }
        #expect(pins == 2_800, "the start believed the recorded size and left the pins table empty")
    }

    @Test("a reset to another seed records the sizes it wrote, in its one transaction")
    func reseedRecordsSizes() async throws {
        let path = try Self.newFilePath()
        try await Self.withFile(path) { database, writer in
            try await writer.write { db in try db.execute(sql: "DELETE FROM counterpart_dataset_size") }
            try await database.datasets.reseed(42)
            let recorded = try await writer.read(DatasetSizes.recorded)
            #expect(recorded == [Self.searchDomain: 5_000, Self.pinsDomain: 2_800])
        }
    }
}
