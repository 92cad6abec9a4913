/// A request's query parameters, decoded once.
///
/// api.md §1 ("URLs"): names and values are percent-decoded UTF-8 with `+` as a space; a repeated
/// single-valued parameter keeps its last value; parameters starting with `__` are demo controls and
/// are kept apart so they never reach routing, validation, ETags or `Link` headers.
public struct QueryParameters: Sendable, Equatable {
    /// Every ordinary parameter in arrival order, repeats included.
    public private(set) var pairs: [(name: String, value: String)]

    /// Parses a raw query string (the part after `?`).
    public init(_ raw: String) {
        pairs = Self.decodedPairs(raw) { !$0.isEmpty && !$0.hasPrefix("__") }
    }

    /// The demo-control twins of a raw query (`__delay=800` → `("delay", "800")`), decoded, in order:
    /// the parameters `init` leaves out.
    public static func controls(in raw: String) -> [(name: String, value: String)] {
        // Most queries hold no twin: no decoding walk for them. An underscore may come percent-encoded.
        guard raw.contains("__") || raw.contains("%5F") || raw.contains("%5f") else { return [] }
        return decodedPairs(raw) { $0.hasPrefix("__") && $0.count > 2 }.map { (String($0.name.dropFirst(2)), $0.value) }
    }

    /// The `name=value` pieces of `raw` whose decoded name `keeps`, decoded, in order (a piece
    /// without `=` has the value "").
    private static func decodedPairs(_ raw: String, keeping keeps: (String) -> Bool) -> [(name: String, value: String)]
    {
        var pairs: [(name: String, value: String)] = []
        for piece in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard keeps(name) else { continue }
            pairs.append((name, parts.count > 1 ? decode(parts[1]) : ""))
        }
        return pairs
    }

    /// The last value given for `name`, or `nil` when it is absent.
    public subscript(name: String) -> String? {
        pairs.last { $0.name == name }?.value
    }

    /// The parameters percent-encoded again (`a=b%26c&d=e`), in order, leaving out `excluded` names:
    /// an unambiguous key for caches and the base of `Link` URLs.
    public func encoded(excluding excluded: Set<String> = []) -> String {
        pairs.filter { !excluded.contains($0.name) }
            .map { PageLinks.encode($0.name) + "=" + PageLinks.encode($0.value) }
            .joined(separator: "&")
    }

    /// Every value given for `name`, in order.
    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0 == $1 }
    }

    /// Percent-decodes one component; a malformed escape is kept literally.
    static func decode(_ component: Substring) -> String {
        // Most components have nothing to decode: no copy through a byte buffer for them.
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(component)
        }
        let bytes = Array(component.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue
            {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
