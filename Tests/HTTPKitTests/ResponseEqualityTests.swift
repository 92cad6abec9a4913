import HTTPKit
import HTTPTypes
import Testing

/// A response's problem and conventions are kept behind a reference; responses still compare, and
/// copies still change, by value.
@Suite("Response equality")
struct ResponseEqualityTests {
    @Test("problems compare by value, whichever copy holds them")
    func problems() {
        let first = Response.problem(.notFound("No todo x exists."))
        let second = Response.problem(.notFound("No todo x exists."))
        #expect(first == second)
        #expect(first != Response.problem(.notFound("No todo y exists.")))
        #expect(first != Response(status: .notFound))
    }

    @Test("setting a copy's problem leaves the original's")
    func copiesChangeAlone() {
        let original = Response.problem(.notFound("No todo x exists."))
        var copy = original
        copy.problem = nil
        #expect(original.problem == .notFound("No todo x exists."))
        #expect(copy.problem == nil)
        #expect(copy != original)
    }

    @Test("conventions compare by value once finalized")
    func conventions() {
        let request = ServerRequest(method: .get, target: "/health", headers: [.xRequestID: "demo.1"])
        let response = Response(status: .ok)
        let first = ResponseFinalizer.finalize(response, for: request, appDuration: 1)
        let second = ResponseFinalizer.finalize(response, for: request, appDuration: 1)
        #expect(first.conventions != nil)
        #expect(first == second)
        #expect(first != ResponseFinalizer.finalize(response, for: request, appDuration: 2))
    }
}
