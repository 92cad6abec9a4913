import Foundation
import HTTPKit
import HTTPTypes
import Testing

@Suite("HTTP conventions")
struct ConventionsTests {
    @Test("query parameters are percent-decoded, + is a space, last wins, __ controls are set apart")
    func queryParameters() {
        let query = QueryParameters("q=caf%C3%A9+au+lait&page=1&page=3&__delay=800&flag&bad=%zz")
        #expect(query["q"] == "café au lait")
        #expect(query["page"] == "3")
        #expect(query.values("page") == ["1", "3"])
        #expect(query["__delay"] == nil)
        #expect(query["flag"] == "")
        #expect(query["bad"] == "%zz")
    }

    @Test("entity tags: same bytes, same tag; weak If-None-Match comparison; strong If-Match")
    func entityTags() {
        let tag = EntityTag.strong(for: Array("hello".utf8))
        #expect(tag == EntityTag.strong(for: Array("hello".utf8)))
        #expect(tag != EntityTag.strong(for: Array("hellp".utf8)))
        #expect(tag.utf8.count == 18)
        #expect(EntityTag.noneMatchFails("W/\(tag)", tag: tag))
        #expect(EntityTag.noneMatchFails("\"x\", \(tag)", tag: tag))
        #expect(EntityTag.noneMatchFails("*", tag: tag))
        #expect(!EntityTag.noneMatchFails("\"x\"", tag: tag))
        #expect(EntityTag.matchSucceeds(tag, tag: tag))
        #expect(!EntityTag.matchSucceeds("W/\(tag)", tag: tag))
        #expect(!EntityTag.matchSucceeds(tag, tag: nil))
    }

    @Test("a tag is a quoted 16-digit lowercase hex digest, known in advance: balanced instances of a release agree")
    func entityTagsAreStable() {
        let bodies: [(String, String)] = [
            ("", #""bdb7d2941b805e0a""#),
            ("hello", #""85a8eae456b5edb0""#),
            (String(repeating: "0123456789abcdef", count: 7) + "tail", #""84f9a8a17bd60e83""#),
            (#"{"status":"ok"}"#, #""da2840442a04bfdb""#),
            ("body 152", #""1ce96011cbb4a415""#),
        ]
        for (body, tag) in bodies {
            #expect(EntityTag.strong(for: Array(body.utf8)) == tag, "\(body)")
        }
    }

    @Test("entity tags change when any one byte of a body changes, in every lane and the tail")
    func entityTagsSeeEveryByte() {
        let body = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var tags: Set<String> = [EntityTag.strong(for: body), EntityTag.strong(for: Array(body.dropLast()))]
        for index in body.indices {
            var changed = body
            changed[index] ^= 0x01
            tags.insert(EntityTag.strong(for: changed))
        }
        #expect(tags.count == body.count + 2)
    }

    @Test("bodies of zeros differ by their length alone: the tail's padding is not the body's")
    func entityTagsSeeLength() {
        let tags = Set((0...80).map { EntityTag.strong(for: [UInt8](repeating: 0, count: $0)) })
        #expect(tags.count == 81)
    }

    @Test("names(_:in:) needs the type itself, any case, with q above 0")
    func namesExplicitly() {
        let type = "application/vnd.github.text-match+json"
        #expect(ContentNegotiation.names(type, in: "application/json, application/vnd.github.text-match+json"))
        #expect(ContentNegotiation.names(type, in: "Application/VND.GitHub.Text-Match+JSON; q=0.5"))
        #expect(!ContentNegotiation.names(type, in: "application/json, application/vnd.github.text-match+json;q=0"))
        #expect(!ContentNegotiation.names(type, in: "*/*"))
        #expect(!ContentNegotiation.names(type, in: "application/*"))
    }

    @Test(
        "Accept negotiation honours wildcards and q=0",
        arguments: [
            (nil, "application/json"),
            ("*/*", "application/json"),
            ("application/*", "application/json"),
            ("application/json;q=0, */*", "application/geo+json"),
            ("application/json;q=0", nil),
            ("text/html", nil),
            ("text/html, application/geo+json;q=0.9", "application/geo+json"),
        ] as [(String?, String?)])
    func negotiation(accept: String?, chosen: String?) {
        #expect(
            ContentNegotiation.choose(from: ["application/json", "application/geo+json"], accept: accept) == chosen)
    }

    @Test("request ids: safe client ids are kept, others replaced by a lowercase v4 UUID")
    func requestIDs() {
        #expect(RequestID.accepting("req-1.a_b").description == "req-1.a_b")
        let replaced = RequestID.accepting(String(repeating: "a", count: 65)).description
        #expect(replaced.utf8.count == 36)
        #expect(replaced == replaced.lowercased())
        #expect(Array(replaced)[14] == "4")
        #expect(RequestID.accepting("").description != "")
        let ids = (0..<10_000).map { _ in RequestID.random().description }
        #expect(Set(ids).count == ids.count, "a request id repeated")
        for id in ids.prefix(200) {
            #expect(UUID(strict: id[...])?.lowercased == id, "\(id) is not a UUID's lowercase spelling")
            #expect("89ab".contains(Array(id)[19]), "\(id) lacks the RFC 4122 variant")
        }
    }

    @Test("finalizing adds the shared headers and turns a matching If-None-Match into 304")
    func finalizer() {
        var request = ServerRequest(method: .get, target: "/x", headers: [.xRequestID: "r1"])
        let response = Response.json(bytes: Array("{}".utf8))
        let first = ResponseFinalizer.finalize(response, for: request, appDuration: 1.5, repositoryDuration: 0.25)
        let written = first.writtenHeaders
        #expect(written[.xRequestID] == "r1")
        #expect(written[.serverTiming] == "app;dur=1.500, repo;dur=0.250")
        #expect(written[.cacheControl] == "no-store")
        #expect(written[.accessControlAllowOrigin] == "*")
        let tag = written[.eTag] ?? ""
        #expect(tag.hasPrefix("\""))
        request.headers[.ifNoneMatch] = tag
        let second = ResponseFinalizer.finalize(response, for: request, appDuration: 0)
        #expect(second.status == .notModified)
        #expect(second.body.isEmpty)
        #expect(second.writtenHeaders[.eTag] == tag)
        #expect(second.writtenHeaders[.cacheControl] == "no-store")
    }

    @Test("a feature's own ETag and Cache-Control are kept, and not written twice")
    func featureFieldsKept() {
        let request = ServerRequest(method: .get, target: "/x")
        let response = Response.json(bytes: Array("{}".utf8), headers: [.eTag: "\"mine\"", .cacheControl: "no-cache"])
        let written = ResponseFinalizer.finalize(response, for: request, appDuration: 0).writtenHeaders
        #expect(written[fields: .eTag].map(\.value) == ["\"mine\""])
        #expect(written[fields: .cacheControl].map(\.value) == ["no-cache"])
    }

    @Test("problems render at finalization with the request id as instance")
    func problemInstance() {
        let request = ServerRequest(
            method: .post, target: "/x", headers: [.xRequestID: "0f0e0d0c-0b0a-4908-8706-050403020100"])
        let final = ResponseFinalizer.finalize(.problem(.notFound("No todo 42.")), for: request, appDuration: 0)
        #expect(final.headers[.contentType] == "application/problem+json")
        #expect(
            String(decoding: final.body.bytes, as: UTF8.self)
                == #"{"type":"urn:counterpart:problem:not-found","title":"Not found","status":404,"detail":"No todo 42.","instance":"urn:uuid:0f0e0d0c-0b0a-4908-8706-050403020100","errors":[]}"#
        )
    }
}

@Suite("Header names")
struct HeaderNameTests {
    @Test("every custom header name is the spelling api.md uses")
    func names() {
        #expect(
            HTTPField.Name.counterpartNames.map(\.rawName) == [
                "X-Request-Id", "Server-Timing", "Timing-Allow-Origin", "Host", "Accept-Post", "Accept-Patch", "Link",
                "X-Total-Count", "Idempotency-Key", "Idempotent-Replayed", "X-RateLimit-Limit", "X-RateLimit-Remaining",
                "X-RateLimit-Used", "X-RateLimit-Reset", "X-RateLimit-Resource", "X-Forwarded-For", "X-Forwarded-Proto",
                "X-Forwarded-Host", "Referrer-Policy", "X-Result-Truncated", "Prefer", "Preference-Applied",
                "X-Accel-Buffering", "Last-Event-ID",
            ]
        )
    }
}
