import Foundation
import HTTPKit
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    func parse(_ text: String) -> JSONValue? {
        JSONParser.parse(Array(text.utf8))
    }

    @Test("reads what Foundation's decoder reads, escapes and all")
    func agreesWithFoundation() throws {
        let text =
            #" {"a":[1,-2.5,3e2,0,-0.0,1E-3,true,false,null],"s":"q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é","o":{},"e":[]} "#
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(parse(text) == expected)
    }

    @Test(
        "refuses what RFC 8259 refuses",
        arguments: [
            "", " ", "{", "[1,]", "{\"a\"}", "{\"a\":1,}", "tru", "nulls", "\"open", "1 2", "+1", "01", "1.", ".5",
            "-", "1e", "1e+", "NaN", "Infinity", "1e400", "[1 2]", "{\"a\" 1}", "{1:2}", "'a'", "\"\\x\"",
            "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"tab\there\"", "\u{FEFF}{}",
        ])
    func refuses(text: String) {
        #expect(parse(text) == nil, "\(text.debugDescription)")
    }

    @Test("refuses bytes that are not UTF-8 inside strings")
    func invalidUTF8() {
        #expect(JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) == nil)
        #expect(JSONParser.parse([0x22, 0xFF, 0x22]) == nil)
        #expect(JSONParser.parse([0x22, 0xC3, 0xA9, 0x22]) == .string("é"))
    }

    @Test("nesting stops at the depth limit instead of the stack")
    func depth() {
        let limit = JSONParser.maximumDepth
        #expect(parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) != nil)
        #expect(parse(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == nil)
        #expect(parse(String(repeating: "[", count: 60_000)) == nil, "64 KiB of brackets is a 400, not a crash")
    }

    @Test("a duplicate member keeps its last value")
    func duplicates() {
        #expect(parse(#"{"a":1,"a":2}"#) == .object(["a": .number(2)]))
    }

    @Test("agrees with Foundation on 20,000 generated texts, valid and broken")
    func differential() throws {
        var generator = SplitMix(state: 0x4A53_4F4E)
        let pieces = [
            "{", "}", "[", "]", ",", ":", " ", "\"a\"", "\"\\u00e9\"", "\"\\n\"", "1", "-0", "2.5", "1e3", "01", "+1",
            "true", "false", "null", "\"é\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\"", "1.", "-", "\"x", "\t",
        ]
        var agreed = (valid: 0, invalid: 0)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }
            .joined()
            let foundation = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            let ours = parse(text)
            #expect(
                ours == foundation,
                "\(text.debugDescription): Foundation \(String(describing: foundation)), ours \(String(describing: ours))"
            )
            if ours == nil { agreed.invalid += 1 } else { agreed.valid += 1 }
        }
        #expect(agreed.valid > 1_000 && agreed.invalid > 1_000, "both kinds generated: \(agreed)")
    }
}
