public import Foundation

/// A fresh, empty directory for one test's database files, under the system's temporary folder.
public func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counterpart-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
