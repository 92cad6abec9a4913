/// Search tokens (api.md §3.3): maximal runs of ASCII letters and digits, lowercased.
enum SearchTokens {
    /// `swift-composable-architecture` → `swift`, `composable`, `architecture`.
    static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            default:
                if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
        return tokens
    }
}

/// A search token with its place in the text, in UTF-16 offsets (for `TextMatch`).
struct TokenSpan: Equatable {
    let token: String
    let start: Int
    let end: Int
}

extension SearchTokens {
    /// The same tokens as `tokens(of:)`, each with where it lies in `text`.
    static func spans(of text: String) -> [TokenSpan] {
        var spans: [TokenSpan] = []
        var current = ""
        var start = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                spans.append(TokenSpan(token: current.lowercased(), start: start, end: offset))
                current = ""
            }
            offset += scalar.utf16.count
        }
        if !current.isEmpty { spans.append(TokenSpan(token: current.lowercased(), start: start, end: offset)) }
        return spans
    }
}
