/// The RFC 8288 `Link` header of a paged list (api.md §1.2, "Link / X-Total-Count").
///
/// Absolute URLs keep every query parameter and carry the effective `page` and `per_page`;
/// `first`/`prev` are left out on page 1, `next`/`last` on the last page, and the whole header when
/// one page holds everything.
public enum PageLinks {
    /// The header value, or `nil` when no link applies.
    public static func header(
        baseURL: String,
        path: String,
        query: QueryParameters,
        page: Int,
        perPage: Int,
        total: Int
    ) -> String? {
        let lastPage = max(1, (total + perPage - 1) / perPage)
        let others = query.encoded(excluding: ["page", "per_page"])
        let kept = others.isEmpty ? "" : others + "&"
        func link(_ number: Int, _ relation: String) -> String {
            "<\(baseURL)\(path)?\(kept)page=\(number)&per_page=\(perPage)>; rel=\"\(relation)\""
        }
        var links: [String] = []
        if page > 1 {
            links.append(link(1, "first"))
            links.append(link(min(page - 1, lastPage), "prev"))
        }
        if page < lastPage {
            links.append(link(page + 1, "next"))
            links.append(link(lastPage, "last"))
        }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        let hex: StaticString = "0123456789ABCDEF"
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
