/// One entry a spatial query found: its id and, for a circle, its distance from the centre.
public struct SpatialMatch<ID: Comparable & Sendable>: Sendable {
    /// The entry's id, as given to the index.
    public let id: ID
    /// Metres from the circle's snapped centre, rounded to 1 decimal as api.md §5 emits
    /// `distanceMeters`; `nil` for a box.
    public let distanceMeters: Double?

    /// A match for `id`, `distanceMeters` away (`nil` for a box); other backends that narrow with
    /// their own index make these too, so every backend hands the repository the same value.
    public init(id: ID, distanceMeters: Double?) {
        self.id = id
        self.distanceMeters = distanceMeters
    }
}

extension SpatialMatch: Equatable where ID: Equatable {}
extension SpatialMatch: Hashable where ID: Hashable {}
