import AppFeature
import Dependencies
import Storage

extension SandboxStorage {
    /// One sandbox's stores as dependency values, for tests that read them directly.
    func values(_ record: SandboxRecord) -> DependencyValues {
        var values = DependencyValues()
        let place = StorePlace(
            partition: SandboxPartition(key: record.name.rawValue, generation: record.generation),
            metrics: AppMetrics())
        stores(place)(&values)
        return values
    }
}
