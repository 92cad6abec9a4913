import Foundation

/// `Tests/HTTPCorpus/references.json`: every corpus case with strict llhttp's and h11's parse of
/// it, recorded by `Tests/HTTPCorpus/record.py` (which says how to regenerate it).
struct ReferenceCorpus: Decodable {
    /// One case: its bytes and what each reference made of them.
    struct Case: Decodable {
        let name: String
        let bytes: [UInt8]
        let llhttp: Parse
        let h11: Parse

        private enum CodingKeys: String, CodingKey { case name, bytes, llhttp, h11 }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            bytes = try Latin1.bytes(container.decode(String.self, forKey: .bytes))
            llhttp = try container.decode(Parse.self, forKey: .llhttp)
            h11 = try container.decode(Parse.self, forKey: .h11)
        }
    }

    /// A reference's complete messages, and how the bytes ended (`clean`, `partial`, `upgrade`,
    /// `closes` or `error: …`).
    struct Parse: Decodable {
        let messages: [WireOutcome.Message]
        let end: String
    }

    let cases: [Case]

    static func load() throws -> ReferenceCorpus {
        try JSONDecoder().decode(ReferenceCorpus.self, from: Data(contentsOf: file("references.json")))
    }

    /// The names of the cases refused on purpose though both references read them
    /// (`deliberate_refusals.json`, each with its reason).
    static func deliberateRefusals() throws -> Set<String> {
        struct Listed: Decodable {
            struct Entry: Decodable { let `case`: String }
            let cases: [Entry]
        }
        let listed = try JSONDecoder().decode(Listed.self, from: Data(contentsOf: file("deliberate_refusals.json")))
        return Set(listed.cases.map(\.case))
    }

    private static func file(_ name: String) -> URL {
        URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../HTTPCorpus/\(name)").standardized
    }
}

extension WireOutcome.Message: Decodable {
    private enum CodingKeys: String, CodingKey { case method, target, body }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            method: try container.decode(String.self, forKey: .method),
            target: try container.decode(String.self, forKey: .target),
            body: try Latin1.bytes(container.decode(String.self, forKey: .body)))
    }
}

/// The fixture writes bytes as strings of one character per byte.
enum Latin1 {
    struct NotOneBytePerCharacter: Error {}

    static func bytes(_ text: String) throws -> [UInt8] {
        try text.unicodeScalars.map { scalar in
            guard scalar.value <= 0xFF else { throw NotOneBytePerCharacter() }
            return UInt8(scalar.value)
        }
    }
}
