import HTTPKit
package import Foundation
package import Storage

/// The repository errors todo backends throw, worded once (the PostgreSQL backend's module too).
package enum RepositoryErrorMessages {
    /// No todo has `id`.
    package static func notFound(_ id: UUID) -> RepositoryError {
        .notFound("No todo \(id.lowercased) exists.")
    }
}
