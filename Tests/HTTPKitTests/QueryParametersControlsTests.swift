import HTTPKit
import Testing

@Suite("QueryParameters: the demo controls' __ twins")
struct QueryParametersControlsTests {
    @Test(
        "a twin is found however its underscores are written, and never left among the parameters",
        arguments: [
            "__delay=800", "%5F%5Fdelay=800", "%5f%5fdelay=800", "_%5Fdelay=800", "q=x&__delay=800",
        ])
    func twins(raw: String) {
        let controls = QueryParameters.controls(in: raw)
        #expect(controls.map(\.name) == ["delay"], "\(raw)")
        #expect(controls.map(\.value) == ["800"], "\(raw)")
        #expect(!QueryParameters(raw).pairs.contains { $0.name.hasPrefix("__") }, "\(raw)")
    }

    @Test("a query without twins has no controls")
    func none() {
        #expect(QueryParameters.controls(in: "q=x&page=2&a_b=1").isEmpty)
    }
}
