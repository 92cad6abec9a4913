@testable import HTTPWire
import Testing

/// The word-at-a-time scans must agree with a byte loop on every byte value at every position,
/// in the words and in the tail.
@Suite("Head bytes")
struct HeadBytesTests {
    private static func visibleByLoop(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { (0x21...0x7E).contains($0) }
    }

    @Test("visible ASCII agrees with a byte loop", arguments: [0, 1, 7, 8, 9, 16, 43])
    func visibleASCII(length: Int) {
        let visible = (0..<length).map { UInt8(0x21 + $0 % 94) }
        for position in visible.indices {
            for byte in UInt8.min...UInt8.max {
                var bytes = visible
                bytes[position] = byte
                let scanned = bytes.withUnsafeBytes { $0[...].isVisibleASCII }
                #expect(scanned == Self.visibleByLoop(bytes), "byte \(byte) at \(position) of \(length)")
            }
        }
        #expect(visible.withUnsafeBytes { $0[...].isVisibleASCII })
    }

    @Test("a byte is found where a loop finds it", arguments: [0, 1, 8, 43])
    func scan(length: Int) {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length) + [UInt8(ascii: " ")] + [UInt8(ascii: "b")]
        bytes.withUnsafeBytes { raw in
            let slice = raw[1...]
            #expect(slice.scanIndex(ofByte: UInt8(ascii: " ")) == slice.firstIndex(of: UInt8(ascii: " ")))
            #expect(slice.scanIndex(ofByte: UInt8(ascii: "z")) == nil)
        }
    }
}
