import HTTPKit
import Foundation
import Storage

/// The repository errors todo backends throw, worded once.
enum RepositoryErrorMessages {
    static func notFound(_ id: UUID) -> RepositoryError {
        .notFound("No todo \(id.lowercased) exists.")
    }
}
