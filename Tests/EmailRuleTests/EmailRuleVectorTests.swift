import EmailRule
import Testing

@Suite("api.md §4.4 test vectors")
struct EmailRuleVectorTests {
    @Test("valid inputs normalise as listed", arguments: validVectors + edgeValidVectors)
    func valid(_ vector: ValidVector) throws {
        let address = try EmailRule.validate(vector.input).get()
        #expect(address.normalized == vector.normalized)
        #expect(address.identity == vector.identity)
        #expect("\(address.localPart)@\(address.domain)" == vector.normalized)
    }

    @Test(
        "invalid inputs are rejected with the listed reason and message", arguments: invalidVectors + edgeInvalidVectors
    )
    func invalid(_ vector: InvalidVector) {
        switch EmailRule.validate(vector.input) {
        case .success(let address):
            Issue.record("accepted as \(escaped(address.normalized))")
        case .failure(let rejection):
            #expect(rejection.reason == vector.reason)
            #expect(rejection.offendingCharacter == vector.offendingCharacter)
            #expect(rejection.message == vector.message)
        }
    }

    @Test("every reason has the code and message listed in api.md §4.4")
    func reasons() {
        #expect(listedReasons.map(\.reason) == EmailRejection.Reason.allCases)
        for (reason, code, message) in listedReasons {
            #expect(reason.rawValue == code)
            #expect(EmailRejection.Reason(rawValue: code) == reason)
            #expect(reason.messageTemplate == message)
        }
    }

    @Test("the table's vectors reach every reason")
    func reasonsCovered() {
        #expect(Set(invalidVectors.map(\.reason)) == Set(EmailRejection.Reason.allCases))
    }

    @Test("the limits are api.md's")
    func limits() {
        #expect(EmailRule.maximumLength == 254)
        #expect(EmailRule.maximumLocalLength == 64)
        #expect(EmailRule.maximumLabelLength == 63)
    }
}
