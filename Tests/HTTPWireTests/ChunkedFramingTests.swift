import HTTPKit
import Testing

@testable import HTTPWire

/// The chunk decoder at the edges of its arithmetic: a size is refused before it can overflow,
/// whatever `--max-body-bytes` allows.
@Suite("Chunked framing")
struct ChunkedFramingTests {
    /// Feeds `line` (a chunk-size line) byte by byte; the refusal it ends in, if any.
    private func refusal(of line: String, maxBodyBytes: Int) -> RequestRefusal? {
        var framing = ChunkedFraming(maxBodyBytes: maxBodyBytes, maxTrailerBytes: 16 * 1024)
        do throws(RequestRefusal) {
            for byte in line.utf8 { _ = try framing.read(byte) }
            return nil
        } catch {
            return error
        }
    }

    @Test("a size past the limit is 413 even when the limit is Int.max, never an overflow")
    func sizeNearIntMax() {
        #expect(refusal(of: "10000000000000000\r\n", maxBodyBytes: .max)?.reason == .bodyTooLarge)
        #expect(refusal(of: "7fffffffffffffff\r\n", maxBodyBytes: .max) == nil)
        #expect(refusal(of: "0000000000000000005\r\n", maxBodyBytes: 5) == nil)
        #expect(refusal(of: "6\r\n", maxBodyBytes: 5)?.reason == .bodyTooLarge)
    }

    @Test("chunks adding up past a limit near Int.max are 413, never an overflow")
    func sumNearIntMax() {
        var framing = ChunkedFraming(maxBodyBytes: .max, maxTrailerBytes: 16 * 1024)
        var refused: RequestRefusal?
        do throws(RequestRefusal) {
            for byte in "7fffffffffffffff\r\n".utf8 { _ = try framing.read(byte) }
            framing.passed(framing.dataRemaining)
            for byte in "\r\n1\r\n".utf8 { _ = try framing.read(byte) }
        } catch {
            refused = error
        }
        #expect(refused?.reason == .bodyTooLarge)
    }
}
