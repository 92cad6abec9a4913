import AppFeature
import Storage
import Testing

/// A build without the PostgreSQL trait has no `PostgresSupport`: a `postgres://` database is
/// refused before anything connects, and the refusal says how to get a build that serves it.
@Suite("A postgres:// database without PostgreSQL support")
struct PostgresSupportTests {
    @Test("is refused at open, with the way to a build that has it")
    func refusedWithTheWayOut() async throws {
        let location = DatabaseLocation("postgres://demo:s3cret@127.0.0.1:1/demo")
        let error = await #expect(throws: StorageError.self) {
            _ = try await AppDatabase.open(location, readers: 1, postgres: nil)
        }
        let message = try #require(error).description
        #expect(message.contains("built without PostgreSQL"), "\(message)")
        #expect(message.contains("Scripts/serve --database postgres://"), "\(message)")
        #expect(message.contains("swift build --traits PostgreSQL"), "\(message)")
        #expect(!message.contains("s3cret"), "the password is never shown")
    }
}
