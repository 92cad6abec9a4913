import CLibevent
import HTTPKit
import HTTPTypes
import HTTPWire

/// What the production reader makes of some bytes: the requests it completes — up to the first that
/// closes the connection, where the server stops reading — and the refusal that ended them, if one did.
struct WireOutcome: Equatable, CustomStringConvertible {
    /// One complete request, in the terms the reference parsers record.
    struct Message: Equatable, CustomStringConvertible {
        let method: String
        let target: String
        let body: [UInt8]

        var description: String { "\(method) \(target) (\(body.count) body bytes)" }
    }

    var messages: [Message] = []
    var refusal: RequestRefusal?

    var description: String {
        messages.map(\.description).joined(separator: "; ") + (refusal.map { " — refused: \($0.detail)" } ?? "")
    }
}

/// Feeds bytes to `RequestReader` through a libevent buffer, as the connection does, in pieces.
enum WireFeed {
    /// The limits the server starts with (`ServerConfiguration`'s defaults).
    static let maxHeaderBytes = 16 * 1024
    static let maxBodyBytes = 1024 * 1024

    /// Reads `bytes`, handing them to the reader in pieces that end at each of `splits`.
    static func read(_ bytes: [UInt8], splitAt splits: [Int] = []) -> WireOutcome {
        let input = evbuffer_new()!
        defer { evbuffer_free(input) }
        var reader = RequestReader(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
        var outcome = WireOutcome()
        var start = 0
        for end in splits + [bytes.count] where end > start {
            bytes[start..<end].withUnsafeBytes { piece in _ = evbuffer_add(input, piece.baseAddress, piece.count) }
            start = end
            do throws(RequestRefusal) {
                while true {
                    switch try reader.next(from: input) {
                    case .needMore: break
                    case .bodyFollows: continue
                    case .request(let head, let body):
                        outcome.messages.append(message(head, body: body))
                        if !head.keepsAlive { return outcome }
                        continue
                    }
                    break
                }
            } catch {
                outcome.refusal = error
                return outcome
            }
        }
        return outcome
    }

    private static func message(_ head: RequestHead, body: [UInt8]) -> WireOutcome.Message {
        let target = head.target
        let path = (target.sandboxSegment.map { SandboxPrefix.naming($0) } ?? "") + target.path
        return WireOutcome.Message(
            method: head.method.rawValue,
            target: path + (target.query.map { "?" + $0 } ?? ""),
            body: head.discardsBody ? [] : body)
    }
}
