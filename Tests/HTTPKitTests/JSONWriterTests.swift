import Foundation
import HTTPKit
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    struct Sample: JSONWritable, Decodable, Equatable {
        var text: String
        var number: Int
        var flag: Bool
        var missing: String?
        var list: [String]

        func write(to writer: inout JSONWriter) {
            writer.object { object in
                object.member("text", text)
                object.member("number", number)
                object.member("flag", flag)
                object.member("missing", missing)
                object.member("list") { writer in writer.array(list) { $0.string($1) } }
            }
        }
    }

    @Test("writes compact JSON with members in the order written")
    func byteSnapshot() {
        var writer = JSONWriter()
        Sample(text: "a/b", number: -3, flag: true, missing: nil, list: ["x", "y"]).write(to: &writer)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"text":"a/b","number":-3,"flag":true,"missing":null,"list":["x","y"]}"#)
    }

    @Test("pieces of every length up to and past the inline copy's 16 bytes arrive whole, in order")
    func piecesOfEveryLength() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN".utf8)
        for length in 0...40 {
            let text = String(decoding: alphabet.prefix(length), as: UTF8.self)
            var writer = JSONWriter(capacity: 1)
            writer.array([text, text + "!"]) { $0.string($1) }
            #expect(String(decoding: writer.bytes, as: UTF8.self) == "[\"\(text)\",\"\(text)!\"]", "length \(length)")
        }
    }

    @Test("member names of 1, 16 and more bytes, first or after another, from a writer that must grow")
    func memberNamesOfEveryCopy() {
        var writer = JSONWriter(capacity: 1)
        writer.array([1, 2]) { writer, value in
            writer.object { object in
                object.member("a", value)
                object.member("sixteen_byte_key", value)
                object.member("a_name_longer_than_sixteen_bytes") { $0.object { $0.member("b", false) } }
            }
        }
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"[{"a":1,"sixteen_byte_key":1,"a_name_longer_than_sixteen_bytes":{"b":false}},"#
                + #"{"a":2,"sixteen_byte_key":2,"a_name_longer_than_sixteen_bytes":{"b":false}}]"#)
    }

    @Test(
        "render writes in place within its room, and moves out whole when a body outgrows it",
        arguments: [0, 1, 40, 4_096])
    func renderInPlaceOrOutgrown(capacity: Int) {
        let samples = (0..<30).map { Sample(text: "t\($0)", number: $0, flag: $0 % 2 == 0, missing: nil, list: ["x"]) }
        var reference = JSONWriter()
        reference.array(samples) { $1.write(to: &$0) }
        let rendered = JSONWriter.render(capacity: capacity) { writer in writer.array(samples) { $1.write(to: &$0) } }
        #expect(rendered == reference.bytes, "capacity \(capacity)")
    }

    @Test(
        "renderBody shares a body from sharedFromCount bytes on, written where it is, and arrays a smaller one",
        arguments: [(1, 0), (2, 4_096), (200, 64), (200, 40_000)])
    func renderBodySharedFromItsSize(count: Int, capacity: Int) {
        let samples = (0..<count).map { Sample(text: "t\($0)", number: $0, flag: true, missing: nil, list: ["x"]) }
        var reference = JSONWriter()
        reference.array(samples) { $1.write(to: &$0) }
        let body = JSONWriter.renderBody(capacity: capacity) { writer in writer.array(samples) { $1.write(to: &$0) } }
        #expect(body.bytes == reference.bytes)
        #expect(
            (body.shared != nil) == (reference.bytes.count >= ResponseBody.sharedFromCount),
            "\(reference.bytes.count) bytes")
    }

    @Test("every byte at every place of text up to 17 bytes long is escaped as JSON requires")
    func escapingEveryByteEverywhere() {
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            bytes.flatMap { byte -> [UInt8] in
                switch byte {
                case UInt8(ascii: "\""): Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): Array(#"\\"#.utf8)
                case UInt8(ascii: "\n"): Array(#"\n"#.utf8)
                case UInt8(ascii: "\r"): Array(#"\r"#.utf8)
                case UInt8(ascii: "\t"): Array(#"\t"#.utf8)
                case 0..<0x20: Array(String(format: "\\u%04x", byte).utf8)
                default: [byte]
                }
            }
        }
        for count in 1...17 {
            var text = [UInt8](repeating: UInt8(ascii: "a"), count: count)
            for place in 0..<count {
                for byte in UInt8.min...UInt8.max {
                    text[place] = byte
                    var writer = JSONWriter()
                    text.withUnsafeBufferPointer { writer.escapedFragment($0) }
                    #expect(writer.bytes == reference(text), "byte \(byte) at \(place) of \(count)")
                }
                text[place] = UInt8(ascii: "a")
            }
        }
    }

    @Test("nested objects and arrays of objects get their commas right")
    func nesting() {
        var writer = JSONWriter()
        writer.array([1, 2]) { writer, value in
            writer.object { object in
                object.member("n", value)
                object.member("inner") { $0.object { $0.member("ok", true) } }
            }
        }
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"[{"n":1,"inner":{"ok":true}},{"n":2,"inner":{"ok":true}}]"#)
    }

    @Test("Foundation's JSONDecoder reads the output back into an equal value")
    func roundTripsThroughJSONDecoder() throws {
        let value = Sample(
            text: "Ünïcødé \"quoted\" \\ back\nline\ttab \u{1}", number: 42, flag: false, missing: "here", list: [])
        var writer = JSONWriter()
        value.write(to: &writer)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(writer.bytes)) == value)
    }

    @Test(
        "a character that needs escaping is found at every offset of a long string",
        arguments: ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "/"])
    func escapesAtEveryOffset(special: String) throws {
        for offset in 0..<40 {
            let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 40 - offset)
            var writer = JSONWriter()
            writer.array([text]) { $0.string($1) }
            let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
            #expect(decoded == [text], "offset \(offset)")
        }
    }

    @Test(
        "fractional numbers always keep a fraction, which PyGithub needs for a score",
        arguments: [(8.0, "8.0"), (1.0, "1.0"), (50.915, "50.915"), (0.0, "0.0"), (-2.5, "-2.5"), (.nan, "null")]
    )
    func fractional(value: Double, text: String) {
        var writer = JSONWriter()
        writer.fractionalNumber(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
    }

    @Test("integers are written exactly, from Int.min to Int.max")
    func integers() throws {
        let values = Array(-101...101) + [-1_000_000, Int.max, Int.min, Int(Int32.max) + 1]
        var writer = JSONWriter()
        writer.array(values) { $0.integer($1) }
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == "[" + values.map(String.init).joined(separator: ",") + "]")
        var unsigned = JSONWriter()
        unsigned.integer(UInt64.max)
        #expect(String(decoding: unsigned.bytes, as: UTF8.self) == "18446744073709551615")
    }

    @Test("JSONText is escaped once and written with literal suffixes; parts join into one string")
    func textAndParts() throws {
        let empty = JSONText("")
        let base = JSONText("http://h/a \"b\"")
        var writer = JSONWriter()
        writer.object { object in
            object.member("empty") { $0.string(empty, "/x") }
            object.member("plain") { $0.string(base) }
            object.member("suffixed") { $0.string(base, "/keys{/key_id}") }
            object.member("parts") { $0.string("x", "\n", "y") }
            object.member("tailed") { writer in
                writer.string(base, then: 4) { buffer in
                    for (offset, byte) in "/42!".utf8.prefix(3).enumerated() { buffer[offset] = byte }
                    return 3
                }
            }
        }
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: String]
        #expect(
            decoded == [
                "empty": "/x", "plain": "http://h/a \"b\"", "suffixed": "http://h/a \"b\"/keys{/key_id}",
                "parts": "x\ny", "tailed": "http://h/a \"b\"/42",
            ])
    }

    @Test("a writer with no room to start with grows to hold long text that needs escaping everywhere")
    func grows() throws {
        let text = String(repeating: "\u{1}\"é", count: 5_000)
        var writer = JSONWriter(capacity: 0)
        writer.array([text, "tail"]) { $0.string($1) }
        #expect(writer.bytes.count == 2 + (5_000 * (6 + 2 + 2) + 2) + 1 + 6)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
        #expect(decoded == [text, "tail"])
    }

    @Test("a string's parts are escaped and joined, then its tail is written as given")
    func partsAndTail() throws {
        let id = try #require(UUID(strict: "6E3B0C54-2E3F-4A8B-9F10-1D2C3B4A5E6F"))
        var writer = JSONWriter(capacity: 1)
        writer.array([0, 1]) { writer, index in
            writer.string("http://h/\"", index == 0 ? "/todos/" : "", then: 36) { id.writeLowercased(into: $0) }
        }
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"["http://h/\"/todos/6e3b0c54-2e3f-4a8b-9f10-1d2c3b4a5e6f","http://h/\"6e3b0c54-2e3f-4a8b-9f10-1d2c3b4a5e6f"]"#
        )
    }

    @Test("random strings survive JSONSerialization", arguments: 0..<20)
    func randomStrings(seed: Int) throws {
        var generator = SplitMix(state: UInt64(seed))
        let scalars = (0..<64).compactMap { _ in Unicode.Scalar(UInt32(generator.next() % 0x2FFF)) }
        let text = String(String.UnicodeScalarView(scalars))
        var writer = JSONWriter()
        writer.array([text]) { $0.string($1) }
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String]
        #expect(decoded == [text])
    }
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
