extension KDTree {
    /// More than the distance between an item and another moves when the tree rounds both to
    /// `Float`: a coordinate in 0…1 moves by at most 2^-25 (half the spacing of `Float`s below 1), so
    /// a distance by at most √2 · 2^-25 ≈ 4.2e-8 for each point rounded.
    static let roundingSlack = 1e-6

    /// Whether each item, by input position, has no other item within `radius` of it.
    ///
    /// Searched from every item in the tree's own order, where one search follows the path of the
    /// one before through memory the cache still holds. Over a million pins in id order, nearly
    /// every search missed the cache at each level of the tree.
    func itemsAlone(within radius: Double) -> [Bool] {
        var alone = [Bool](repeating: false, count: slots.count)
        for index in slots.indices where !hasNeighbour(ofSlot: index, within: radius) {
            alone[Int(slots[index].position)] = true
        }
        return alone
    }
}
