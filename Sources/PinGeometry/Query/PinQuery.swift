/// A validated `GET /pins` query: one area, a limit and a category filter (api.md §5.1).
///
/// The router builds it with `init(queryItems:)`; the repository runs `area` through its index,
/// keeps the pins `admits` lets through, counts them for `X-Total-Count` and returns the first
/// `limit`. Being `Hashable`, it can key a response cache: snapped areas make nearby queries equal.
public struct PinQuery: Hashable, Sendable {
    /// The limit when the query names none.
    public static let defaultLimit = 100
    /// The limits a query may ask for.
    public static let limits = 1...500

    /// The snapped area to search.
    public let area: PinArea
    /// How many pins to return at most, 1…500.
    public let limit: Int
    /// The categories asked for; empty means every category.
    public let categories: Set<PinCategory>

    /// A query over `area`; throws a `limit` error outside 1…500.
    public init(area: PinArea, limit: Int = defaultLimit, categories: Set<PinCategory> = []) throws(PinQueryError) {
        guard Self.limits.contains(limit) else {
            throw PinQueryError(.limit, .outOfRange, "limit must be from 1 to 500; got \(limit). Leave it out for 100.")
        }
        self.area = area
        self.limit = limit
        self.categories = categories
    }

    /// Whether a pin of `category` passes the filter.
    public func admits(_ category: PinCategory) -> Bool {
        categories.isEmpty || categories.contains(category)
    }
}
