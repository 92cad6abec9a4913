import Storage

/// How a dataset domain's repository reaches the current generation of its data: directly, in a
/// server that never reseeds, or through the datasets' gate, so that a reset to another seed
/// (`--dev`) never runs beside a call and every call runs wholly on one seed's data.
public struct DatasetAccess<Backend: Sendable>: Sendable {
    private let datasets: SeededDatasets
    private let name: String
    /// Whether a reset may replace the data (`--dev`): calls must then pass the gate.
    public let resettable: Bool
    /// The current generation's backend as it is: what a server that never reseeds calls.
    public let fixed: Backend

    init(datasets: SeededDatasets, name: String, resettable: Bool) throws {
        self.datasets = datasets
        self.name = name
        self.resettable = resettable
        fixed = try DatasetMismatch.cast(datasets.backend(name), to: Backend.self)
    }

    /// Runs `call` on the current generation's backend, never while a reseed replaces it.
    public func withCurrent<T>(_ call: (Backend) async throws -> T) async throws -> T {
        try await datasets.withCurrent(name) { backend in
            try await call(DatasetMismatch.cast(backend, to: Backend.self))
        }
    }

    /// The data version answers from the current generation are cached under: a new one each
    /// reseed, so no answer of the old seed is served after it.
    public var version: @Sendable () -> Int {
        { [datasets] in datasets.version }
    }
}
