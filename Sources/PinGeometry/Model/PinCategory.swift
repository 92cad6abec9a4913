/// The kind of place a pin marks: api.md §5's six `category` values.
///
/// An enum so that a pin can never carry a seventh kind and the filter can reject unknown ones.
public enum PinCategory: String, Hashable, Sendable, CaseIterable {
    case cafe, restaurant, park, museum, station, shop

    /// The categories named by `category` query values, each a single name or a comma list.
    ///
    /// Names are exact and lowercase; an unknown or empty name throws a `category` error listing
    /// the six.
    static func parse(_ values: [String]) throws(PinQueryError) -> Set<PinCategory> {
        var categories = Set<PinCategory>()
        for value in values {
            for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let category = PinCategory(rawValue: name.trimmingSpaces) else {
                    let known = allCases.map(\.rawValue).joined(separator: ", ")
                    throw PinQueryError(
                        .category,
                        .unknownCategory,
                        "category \(PinQueryError.quoted(name)) is not one of \(known)."
                    )
                }
                categories.insert(category)
            }
        }
        return categories
    }
}
