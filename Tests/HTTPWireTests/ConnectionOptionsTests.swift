import HTTPKit
@testable import HTTPWire
import Testing

/// `Connection` options decide whether a connection outlives its answer (RFC 9112 §9.3).
@Suite("Connection options")
struct ConnectionOptionsTests {
    private func keepsAlive(_ version: String, _ fields: String) throws -> Bool {
        let text = "GET / HTTP/\(version)\r\nHost: a\r\n\(fields)\r\n"
        return try Array(text.utf8).withUnsafeBytes { bytes throws(RequestRefusal) in
            try RequestHead(bytes, maxBodyBytes: 0).keepsAlive
        }
    }

    @Test(
        "options are read from lists, case and blanks aside, each up to its first blank",
        arguments: [
            ("1.1", "", true),
            ("1.1", "Connection: close\r\n", false),
            ("1.1", "Connection: foo, Close\r\n", false),
            ("1.1", "Connection: keep-alive\r\n", true),
            ("1.1", "Connection: closed\r\n", true),
            ("1.1", "Connection: ,,\t close \t,\r\n", false),
            ("1.1", "Connection: upgrade\r\nUpgrade: h2c\r\n", false),
            ("1.1", "Connection: upgrade\r\n", true),
            ("1.0", "", false),
            ("1.0", "Connection: Keep-Alive\r\n", true),
            ("1.0", "Connection: keep-alive x\r\n", true),
            ("1.0", "Connection: keep-alivex\r\n", false),
            ("1.0", "Connection: keep-alive, close\r\n", false),
            ("1.0", "Connection: x\r\nConnection:  KEEP-ALIVE \r\n", true),
        ] as [(String, String, Bool)])
    func options(version: String, fields: String, keepsAlive expected: Bool) throws {
        #expect(try keepsAlive(version, fields) == expected)
    }
}
