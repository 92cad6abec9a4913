extension SeedCity {
    /// The six cities of api.md §7, in anchor-id order; their counts sum to 2,800.
    ///
    /// Each anchor stands at the centre api.md gives, named after the landmark there. Suva's pins
    /// fill the box `177,-20,-178,-16` across the antimeridian instead of a disk.
    public static let demo: [SeedCity] = [
        SeedCity(
            name: "Tokyo",
            anchor: anchor(1, "Tokyo Station", "Marunouchi, Tokyo", .station, 35.6812, 139.7671),
            pinCount: 800,
            region: .disk(radius: 15_000),
            neighbourhoods: [
                "Marunouchi", "Ginza", "Nihonbashi", "Shibuya", "Shinjuku", "Asakusa", "Ueno", "Akihabara",
                "Roppongi", "Ebisu",
            ]
        ),
        SeedCity(
            name: "San Francisco",
            anchor: anchor(2, "Civic Center Plaza", "Civic Center, San Francisco", .park, 37.7793, -122.4193),
            pinCount: 600,
            region: .disk(radius: 12_000),
            neighbourhoods: [
                "Civic Center", "Mission", "SoMa", "Castro", "Nob Hill", "North Beach", "Hayes Valley", "Marina",
                "Richmond", "Sunset",
            ]
        ),
        SeedCity(
            name: "London",
            anchor: anchor(3, "Charing Cross", "Westminster, London", .station, 51.5072, -0.1276),
            pinCount: 600,
            region: .disk(radius: 15_000),
            neighbourhoods: [
                "Westminster", "Soho", "Camden", "Shoreditch", "Southwark", "Kensington", "Islington", "Brixton",
                "Greenwich", "Hackney",
            ]
        ),
        SeedCity(
            name: "Sydney",
            anchor: anchor(4, "Pitt Street Mall", "Sydney CBD, Sydney", .shop, -33.8688, 151.2093),
            pinCount: 400,
            region: .disk(radius: 15_000),
            neighbourhoods: [
                "Sydney CBD", "Surry Hills", "Newtown", "Bondi", "Paddington", "Glebe", "Pyrmont", "Darlinghurst",
                "Balmain", "Redfern",
            ]
        ),
        SeedCity(
            name: "Suva",
            anchor: anchor(5, "Suva Municipal Market", "Central, Suva", .shop, -18.1416, 178.4419),
            pinCount: 300,
            region: .box(BoundingBox(unwrappedWest: 177, south: -20, unwrappedEast: 182, north: -16)),
            neighbourhoods: [
                "Central", "Toorak", "Samabula", "Tamavua", "Nabua", "Raiwaqa", "Lami", "Nasinu", "Walu Bay",
                "Muanikau",
            ]
        ),
        SeedCity(
            name: "Longyearbyen",
            anchor: anchor(6, "Svalbard Museum", "Sentrum, Longyearbyen", .museum, 78.2232, 15.6267),
            pinCount: 100,
            region: .disk(radius: 20_000),
            neighbourhoods: ["Sentrum", "Nybyen", "Haugen", "Lia", "Hotellneset", "Skjæringa"]
        ),
    ]

    /// Anchor `number`'s pin, id `c17e0000-0000-4000-8000-00000000000N`.
    private static func anchor(
        _ number: Int,
        _ title: String,
        _ subtitle: String,
        _ category: PinCategory,
        _ latitude: Double,
        _ longitude: Double
    ) -> MapPin {
        MapPin(
            id: "c17e0000-0000-4000-8000-00000000000\(number)",
            title: title,
            subtitle: subtitle,
            category: category,
            latitude: latitude,
            longitude: longitude
        )
    }
}
