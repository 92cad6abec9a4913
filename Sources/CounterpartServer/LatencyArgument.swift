import AppFeature

/// `--latency`: a delay range in milliseconds, `200..800ms` (or `200-800ms`), or one value (`300ms`);
/// the unit may be `ms` or `s` and is optional (milliseconds). At most `DemoPreferences.maximumDelay`.
struct LatencyArgument: ArgumentValue {
    let milliseconds: ClosedRange<Int>

    init?(argument: String) {
        var text = Substring(argument)
        var scale = 1
        if text.hasSuffix("ms") {
            text = text.dropLast(2)
        } else if text.hasSuffix("s") {
            text = text.dropLast()
            scale = 1000
        }
        let separator = text.contains("..") ? ".." : "-"
        let bounds = text.split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count <= 2, let low = bounds.first ?? nil, let high = bounds.last ?? nil,
            low >= 0, low <= high, high <= DemoPreferences.maximumDelay / scale  // divided: a huge high overflows
        else { return nil }
        milliseconds = low * scale...high * scale
    }

    static var expected: String {
        "a delay such as 300ms, or a range such as 200..800ms, of at most \(DemoPreferences.maximumDelay)ms"
    }
}
