import Foundation
import HTTPKit
import Testing

/// `ContentNegotiation` reads `Accept` over its bytes; these tests hold it to the string-based
/// reading it replaced, kept here as the reference, on thousands of generated values.
@Suite("Accept negotiation")
struct ContentNegotiationTests {
    @Test("choose(from:accept:) agrees with the string-based reference on 6,000 generated values")
    func chooseAgreesWithReference() {
        var generator = SplitMix(state: 0x0ACC_E97)
        let offerings = [
            ["application/json", "application/geo+json"], ["text/html", "application/json"], ["text/csv"],
        ]
        for _ in 0..<6_000 {
            let accept = Self.acceptValue(using: &generator)
            for offered in offerings {
                let chosen = ContentNegotiation.choose(from: offered, accept: accept)
                let expected = ReferenceNegotiation.choose(from: offered, accept: accept)
                #expect(chosen == expected, "Accept: \(accept), offered \(offered)")
            }
        }
    }

    @Test("names(_:in:) agrees with the string-based reference on 3,000 generated values")
    func namesAgreesWithReference() {
        var generator = SplitMix(state: 0x9A3E5)
        for _ in 0..<3_000 {
            let accept = Self.acceptValue(using: &generator)
            for type in ["application/json", "Application/GEO+json", "text/html"] {
                #expect(
                    ContentNegotiation.names(type, in: accept) == ReferenceNegotiation.names(type, in: accept),
                    "Accept: \(accept), type \(type)")
            }
        }
    }

    @Test(
        "qualities are compared to the thousandth, and a positive one finer than that still allows",
        arguments: [
            ("application/json;q=0.5, application/geo+json;q=0.501", "application/geo+json"),
            ("application/json;q=0.500, application/geo+json;q=0.5", "application/json"),
            ("application/json;q=0.0004", "application/json"),
            ("application/json;q=0.000", nil),
            ("application/json;q=1.5e0", nil),
            ("application/json;q=", nil),
            ("application/json;q=.5", nil),
        ] as [(String, String?)])
    func thousandths(accept: String, chosen: String?) {
        #expect(
            ContentNegotiation.choose(from: ["application/json", "application/geo+json"], accept: accept) == chosen)
    }

    /// An `Accept` value from pieces clients send, in any case, with RFC 9110 qualities, blank and
    /// empty ranges, other parameters and unreadable `q`s.
    private static func acceptValue(using generator: inout SplitMix) -> String {
        let media = [
            "application/json", "Application/JSON", "application/*", "*/*", "text/html", "TEXT/*",
            "application/geo+json", "APPLICATION/GEO+JSON", "text/csv", "image/png", "", " ", "\t*/*",
            "application", "application/json ", ";application/json", ";;text/html", "; ;*/*",
        ]
        let parameters = [
            "", "", ";q=0", ";q=0.5", "; q=0.9", ";Q=1", ";q=1.000", ";q=0.001", ";q=0.01",
            ";charset=utf-8", ";q=abc", ";level=1;q=0.3", " ;q=0.25 ", ";q=0.5;q=0", ";q", ";=",
        ]
        let separators = [",", ", ", ",,", " , "]
        let count = Int.random(in: 0...4, using: &generator)
        var value = ""
        for index in 0..<count {
            if index > 0 { value += separators.randomElement(using: &generator) ?? "," }
            value +=
                (media.randomElement(using: &generator) ?? "")
                + (parameters.randomElement(using: &generator) ?? "")
        }
        return value
    }
}

/// `ContentNegotiation` as it was written over strings, with `Double` qualities: the reference.
private enum ReferenceNegotiation {
    static func choose(from offered: [String], accept: String?) -> String? {
        guard let accept, !trimmed(Substring(accept)).isEmpty else { return offered.first }
        let ranges = ranges(of: accept)
        var best: (type: String, quality: Double)?
        for type in offered {
            let quality = self.quality(of: type, in: ranges)
            guard quality > 0 else { continue }
            if let current = best, quality <= current.quality { continue }
            best = (type, quality)
        }
        return best?.type
    }

    static func names(_ type: String, in accept: String) -> Bool {
        let type = type.lowercased()
        return ranges(of: accept).contains { $0.media == type && $0.quality > 0 }
    }

    private static func quality(of type: String, in ranges: [(media: String, quality: Double)]) -> Double {
        let major = type.split(separator: "/", maxSplits: 1).first.map(String.init) ?? type
        var match: (specificity: Int, quality: Double)?
        for range in ranges {
            let specificity: Int
            if range.media == type {
                specificity = 3
            } else if range.media == major + "/*" {
                specificity = 2
            } else if range.media == "*/*" {
                specificity = 1
            } else {
                continue
            }
            if let current = match, specificity <= current.specificity { continue }
            match = (specificity, range.quality)
        }
        return match?.quality ?? 0
    }

    private static func ranges(of accept: String) -> [(media: String, quality: Double)] {
        accept.split(separator: ",").compactMap { range in
            let fields = range.split(separator: ";").map(trimmed)
            guard let media = fields.first?.lowercased(), !media.isEmpty else { return nil }
            let quality = fields.dropFirst().first { $0.lowercased().hasPrefix("q=") }.map {
                Double($0.dropFirst(2)) ?? 0
            }
            return (media, quality ?? 1)
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }
}
