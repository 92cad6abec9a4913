import HTTPKit
import Testing

@Suite("HTTPToken")
struct HTTPTokenTests {
    @Test("isTokenByte(_:) allows exactly RFC 9110's tchar, for every byte")
    func tokenBytes() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HTTPToken.isTokenByte(byte) == tchar.contains(byte), "byte \(byte)")
        }
        #expect(HTTPToken.isValid("X-Request-Id"))
        #expect(!HTTPToken.isValid("X Request"))
        #expect(!HTTPToken.isValid(""))
    }
}
