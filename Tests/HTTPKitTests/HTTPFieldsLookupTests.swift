import HTTPKit
import HTTPTypes
import Testing

/// `combinedValue` replaces swift-http-types' subscript on the request's own path: it must read
/// every field list exactly as the subscript does.
@Suite("HTTPFields lookups")
struct HTTPFieldsLookupTests {
    @Test(
        "combinedValue(_:) reads as the subscript: absent, once, repeated, cookies, any order",
        arguments: [
            [],
            [HTTPField(name: .accept, value: "text/html")],
            [HTTPField(name: .hostHeader, value: "a"), HTTPField(name: .accept, value: "text/html")],
            [
                HTTPField(name: .accept, value: "text/html"), HTTPField(name: .hostHeader, value: "a"),
                HTTPField(name: .accept, value: "*/*;q=0.1"),
            ],
            [HTTPField(name: .cookie, value: "a=1"), HTTPField(name: .cookie, value: "b=2")],
            [HTTPField(name: HTTPField.Name("ACCEPT")!, value: "x/y"), HTTPField(name: .accept, value: "")],
        ] as [[HTTPField]])
    func combinedValueReadsAsTheSubscript(fields: [HTTPField]) {
        let headers = HTTPFields(fields)
        for name in [HTTPField.Name.accept, .hostHeader, .cookie, .ifNoneMatch] {
            #expect(headers.combinedValue(name) == headers[name], "\(name) in \(fields)")
        }
    }
}
