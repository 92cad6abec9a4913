import Testing

@testable import RepoSearchFeature

@Suite("Identicons")
struct IdenticonTests {
    /// The raw scanlines of one of our PNGs: its IDAT is a zlib stream of stored deflate blocks.
    func pixels(_ png: [UInt8]) -> [UInt8] {
        var offset = 8
        var stream: [UInt8] = []
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { stream += png[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        var raw: [UInt8] = []
        var index = 2
        while index < stream.count - 4 {
            let isLast = stream[index] & 1 == 1
            let length = Int(stream[index + 1]) | Int(stream[index + 2]) << 8
            raw += stream[index + 5..<index + 5 + length]
            index += 5 + length
            if isLast { break }
        }
        return raw
    }

    @Test("a valid 80 × 80 RGB PNG whose chunks carry correct CRCs")
    func structure() {
        let png = Identicon.png(for: "pointlabs")
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 80, 0, 0, 0, 80])
        #expect(pixels(png).count == 80 * (80 * 3 + 1))
    }

    @Test("left and right mirror each other; same login, same bytes; other logins differ")
    func symmetricAndDeterministic() {
        let raw = pixels(Identicon.png(for: "anna-42"))
        for y in stride(from: 0, to: 80, by: 7) {
            let row = Array(raw[(y * 241 + 1)..<(y * 241 + 241)])
            for x in 0..<40 {
                #expect(Array(row[x * 3..<x * 3 + 3]) == Array(row[(79 - x) * 3..<(79 - x) * 3 + 3]))
            }
        }
        #expect(Identicon.png(for: "anna-42") == Identicon.png(for: "anna-42"))
        #expect(Identicon.png(for: "anna-42") != Identicon.png(for: "ben-7"))
    }
}
