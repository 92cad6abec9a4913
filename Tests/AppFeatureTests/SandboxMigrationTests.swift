import AppFeature
import CounterpartTestSupport
import Foundation
import GRDB
import HTTPKit
import NewsletterFeature
import Storage
import Testing
import TodosFeature

/// A database from before sandboxes (api.md §6.4): its todos and subscribers become the default
/// sandbox's, nothing lost.
@Suite("Sandbox migrations")
struct SandboxMigrationTests {
    @Test("a file written before sandboxes keeps every todo and subscriber, in the default sandbox")
    func olderFileMigrates() async throws {
        let path = try temporaryDirectory().appendingPathComponent("older.sqlite").path
        // The steps that brought sandboxes, and those written after them.
        let laterSteps: Set = [
            "todos-2-sandboxes", "newsletter-2-sandboxes", "sandboxes-1-create", "todos-3-covering-list",
        ]
        do {
            let older = try SQLiteDatabase.open(
                .sqliteFile(path: path), migrations: AppDatabase.migrations().filter { !laterSteps.contains($0.name) })
            try await older.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO todos (id, description, isComplete, "order", createdAt, updatedAt)
                        VALUES ('00000000-0000-4000-8000-000000000001', 'From before', 1, 7, 60000, 120000)
                        """)
                try db.execute(
                    sql: """
                        INSERT INTO newsletter_subscribers (identity, email, name, status, createdAt)
                        VALUES ('old@example.com', 'Old@example.com', NULL, 'pending', 5)
                        """)
                try db.execute(
                    sql: """
                        INSERT INTO newsletter_tokens (digest, identity, kind, createdAt, expiresAt, usedAt)
                        VALUES (zeroblob(32), 'old@example.com', 'confirm', 5, 1000, NULL)
                        """)
            }
            try older.close()
        }
        let database = try await AppDatabase.open(
            .sqliteFile(path: path), readers: 1, emptyDomains: [Domain.todos().name])
        let todos = try await database.repositories.todoRepository.list(.all)
        #expect(todos.map(\.description) == ["From before"])
        #expect(todos.first?.order == 7)
        #expect(todos.first?.updatedAt == Timestamp(secondsSince1970: 120))
        let subscribers = try await database.repositories.newsletterRepository.subscribers().map(\.identity)
        #expect(subscribers.contains("old@example.com"))
        let token = try await database.repositories.newsletterRepository.inspect(
            TokenDigest(bytes: Array(repeating: 0, count: 32)), .confirm, Timestamp(secondsSince1970: 6))
        #expect(token.identity == "old@example.com", "its token still works")
        #expect(database.sandboxes.restored.isEmpty)
    }
}
