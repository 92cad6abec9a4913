/// The word lists seeded titles are drawn from: an adjective and a noun fitting the category.
enum PinWords {
    static let adjectives = [
        "Blue", "Golden", "Quiet", "Old", "Little", "Corner", "Harbour", "North", "Sunny", "Hidden", "Maple", "Copper",
    ]

    /// Nouns that make a title read like a place of `category`.
    static func nouns(for category: PinCategory) -> [String] {
        switch category {
        case .cafe: ["Cafe", "Coffee House", "Espresso Bar", "Tea Room", "Roastery"]
        case .restaurant: ["Kitchen", "Bistro", "Grill", "Diner", "Noodle Bar", "Trattoria"]
        case .park: ["Park", "Gardens", "Green", "Commons", "Square"]
        case .museum: ["Museum", "Gallery", "Collection", "Archive"]
        case .station: ["Station", "Terminal", "Stop", "Interchange"]
        case .shop: ["Market", "Books", "Records", "Outfitters", "Bakery"]
        }
    }
}
