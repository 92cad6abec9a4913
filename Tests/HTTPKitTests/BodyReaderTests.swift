import HTTPKit
import Testing

/// What a JSON body's members may hold, whatever stores them next.
@Suite("Body reader")
struct BodyReaderTests {
    @Test("a string holding U+0000 is refused as invalid, naming the member (PostgreSQL cannot store it)")
    func nulIsInvalid() {
        var body = BodyReader(members: ["description": .string("before\u{0}after"), "title": .string("fine")])
        #expect(body.string("description") == nil)
        #expect(body.string("title") == "fine")
        #expect(body.errors.map(\.field) == ["description"])
        #expect(body.errors.first?.code == "invalid")
        #expect(body.errors.first?.detail.contains("U+0000") == true)
    }
}
