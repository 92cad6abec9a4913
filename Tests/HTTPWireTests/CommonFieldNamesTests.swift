import HTTPKit
import HTTPTypes
@testable import HTTPWire
import Testing

/// A request's header names as it spelled them, whether a prepared name stood in or not.
@Suite("Common field names")
struct CommonFieldNamesTests {
    private func head(_ fields: String) throws -> RequestHead {
        let text = "GET / HTTP/1.1\r\n\(fields)\r\n"
        return try Array(text.utf8).withUnsafeBytes { bytes throws(RequestRefusal) in
            try RequestHead(bytes, maxBodyBytes: 0)
        }
    }

    @Test("an exact common spelling takes the prepared name; any other case keeps the request's own")
    func spellingsKept() throws {
        let head = try head("Host: a\r\nuser-agent: b\r\nACCEPT: c\r\nAccept: d\r\nX-Custom: e\r\n")
        #expect(head.headers.map(\.name.rawName) == ["Host", "user-agent", "ACCEPT", "Accept", "X-Custom"])
        #expect(head.headers[values: .hostHeader] == ["a"])
        #expect(head.headers[values: .userAgent] == ["b"])
        #expect(head.headers[values: .accept] == ["c", "d"])
        #expect(Array("Host".utf8).withUnsafeBytes { CommonFieldNames.name(spelled: $0[...]) } == .hostHeader)
    }

    @Test("a name no table holds, longer than any, or empty of matches is made from its bytes")
    func others() {
        for spelling in ["hOST", "Host-Extra", String(repeating: "X", count: 80), "Hos"] {
            let bytes = Array(spelling.utf8)
            #expect(bytes.withUnsafeBytes { CommonFieldNames.name(spelled: $0[...]) } == nil, "\(spelling)")
        }
    }
}
