package import PinGeometry
import Synchronization

/// supercluster's trees, built on the first cluster request rather than at open.
///
/// Building them is the one cost that grows with the dataset faster than the data: milliseconds for
/// the demo's 2,800 pins, 7–9 s and ~750 MiB for the million-pin benchmark set (BENCHMARKS.md).
/// Deferring it keeps start-up at the cost of opening the database, and a server that never serves
/// clusters never pays. The build runs once, as its own task off the event loops; requests that
/// arrive meanwhile wait for it, and a waiting request that is cancelled leaves the build running
/// for the next one.
package final class LazyPinHierarchy: Sendable {
    private let load: @Sendable () async throws -> [MapPin]
    private let build = Mutex<Task<PinHierarchy, any Error>?>(nil)

    /// `load` reads every pin; it is called at most once, unless it throws.
    package init(load: @escaping @Sendable () async throws -> [MapPin]) {
        self.load = load
    }

    /// The built hierarchy, building it first if no request has yet.
    package var hierarchy: PinHierarchy {
        get async throws {
            let task = build.withLock { task in
                if let task { return task }
                let started = Task.detached(priority: .userInitiated) { [load] in PinHierarchy(try await load()) }
                task = started
                return started
            }
            do {
                return try await task.value
            } catch {
                // A failed read (a locked or corrupt file) is retried by the next request.
                build.withLock { if $0 == task { $0 = nil } }
                throw error
            }
        }
    }
}
