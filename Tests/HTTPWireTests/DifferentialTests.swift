import Foundation
import Testing

/// The production reader against the reference parsers' recorded parses of the same bytes
/// (Tests/HTTPCorpus): llhttp's request tests and this project's framing gadgets.
///
/// Behind a proxy the safe server is at least as strict on framing as the strictest common parser:
/// wherever this reader completes a request, strict llhttp completes the same one — same method,
/// target and body — and it never completes more of them. Refusing earlier is allowed (the socket
/// test lists where it is stricter than both references).
@Suite("The reader against strict llhttp")
struct DifferentialTests {
    @Test("completes no request that strict llhttp does not complete the same way")
    func neverBeyondStrictLLHTTP() throws {
        let corpus = try ReferenceCorpus.load()
        var disagreements: [String] = []
        for reference in corpus.cases {
            var ours = WireFeed.read(reference.bytes).messages
            let theirs = reference.llhttp.messages.map(Self.routed)
            // httptools hands everything after an upgrade request's head to the new protocol, its
            // declared body too; this server reads that body, answers and closes (RequestHead).
            if reference.llhttp.end == "upgrade", ours.count == theirs.count, let last = theirs.last {
                ours[ours.count - 1] = WireOutcome.Message(
                    method: ours[ours.count - 1].method,
                    target: ours[ours.count - 1].target, body: last.body)
            }
            if ours.count > theirs.count || ours != Array(theirs.prefix(ours.count)) {
                disagreements.append(
                    "\(reference.name):\n    ours   \(ours)\n    llhttp \(theirs) (\(reference.llhttp.end))")
            }
        }
        #expect(corpus.cases.count > 350, "the corpus lost its cases")
        #expect(disagreements.isEmpty, "\(disagreements.count) cases:\n\(disagreements.joined(separator: "\n"))")
    }

    @Test("reads the same requests whichever byte the input is split at")
    func splitAnywhere() throws {
        var disagreements: [String] = []
        for reference in try ReferenceCorpus.load().cases {
            let whole = WireFeed.read(reference.bytes)
            for split in 1..<reference.bytes.count {
                let pieces = WireFeed.read(reference.bytes, splitAt: [split])
                if pieces != whole {
                    disagreements.append("\(reference.name) split at \(split): \(pieces) instead of \(whole)")
                    break
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test("reads the requests both references read the same way, unless deliberate_refusals.json lists the case")
    func agreesWhereTheReferencesAgree() throws {
        let deliberate = try ReferenceCorpus.deliberateRefusals()
        var missing: [String] = []
        for reference in try ReferenceCorpus.load().cases {
            let theirs = reference.llhttp.messages.map(Self.routed)
            guard theirs == reference.h11.messages.map(Self.routed), !theirs.isEmpty else { continue }
            let ours = WireFeed.read(reference.bytes)
            if ours.messages != theirs, ours.refusal == nil || !deliberate.contains(reference.name) {
                missing.append("\(reference.name): ours \(ours), both references \(theirs)")
            }
        }
        // Every shortfall is a refusal decided and listed, never a request lost or read differently.
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }

    /// A reference's message as this server routes it: an absolute-form target by its path, CONNECT's
    /// authority-form as `/`, and no body on HEAD and TRACE (read to keep the framing, then dropped).
    private static func routed(_ message: WireOutcome.Message) -> WireOutcome.Message {
        var target = message.target
        if message.method == "CONNECT", !target.hasPrefix("/") { target = "/" }
        if let scheme = target.range(of: "://"), !target.hasPrefix("/") {
            let rest = target[scheme.upperBound...]
            let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            target = String(rest[pathStart...])
            if !target.hasPrefix("/") { target = "/" + target }
        }
        let dropsBody = message.method == "HEAD" || message.method == "TRACE"
        return WireOutcome.Message(method: message.method, target: target, body: dropsBody ? [] : message.body)
    }
}
