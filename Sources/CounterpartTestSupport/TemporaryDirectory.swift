public import Foundation
import Synchronization

/// A fresh, empty directory for one test's files (databases, a PostgreSQL cluster), inside the
/// folder this test process owns — removed, with all it holds, when the process exits.
///
/// Paths stay short: a PostgreSQL cluster puts its socket in its folder, and a socket's path may
/// not exceed 107 bytes.
public func temporaryDirectory() throws -> URL {
    let number = directoriesMade.add(1, ordering: .relaxed).newValue
    let directory = processFolder.appendingPathComponent("\(number)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

private let directoriesMade = Atomic(0)

/// This process's folder under the system's temporary one, made on first use. Without the clean-up
/// every run of the suite would leave its databases and clusters behind — hundreds of folders and
/// gigabytes a run on a developer's machine. (A process that crashes runs no exit handler: its
/// folder stays, as any crash's debris does.)
private let processFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "counterpart-tests-\(UUID().uuidString.prefix(8))")
    atexit { try? FileManager.default.removeItem(at: processFolder) }
    return folder
}()
