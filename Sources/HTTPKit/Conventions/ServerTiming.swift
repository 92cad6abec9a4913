/// The `Server-Timing` value every answer carries (api.md §1.2) — `app;dur=0.084, repo;dur=0.000`,
/// and `, delay;dur=…` when the demo controls delayed it — in milliseconds with three decimals.
///
/// Kept as its three numbers and written digit by digit straight into the answer's head
/// (`write(into:)`): composed from interpolated pieces it took five allocations, and made into a
/// string first still one, on every answer.
public struct ServerTiming: Sendable, Equatable, CustomStringConvertible {
    /// Milliseconds the server spent on the request, the repository's and the delay's excluded.
    public let app: Double
    /// Milliseconds the request waited for its effects (repository calls).
    public let repository: Double
    /// Milliseconds the demo controls delayed the answer; shown only when positive.
    public let delay: Double

    /// The timing of an answer.
    public init(app: Double, repository: Double, delay: Double) {
        self.app = app
        self.repository = repository
        self.delay = delay
    }

    /// The most bytes `write(into:)` writes.
    public static let maximumByteCount = 3 * (longestNumber + 12)

    /// The value as it is written.
    public var description: String {
        String(unsafeUninitializedCapacity: Self.maximumByteCount) { write(into: $0) }
    }

    /// Writes the value at the start of `buffer`, which holds at least `maximumByteCount` bytes;
    /// returns how many bytes it took.
    public func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(
            buffer.count >= Self.maximumByteCount, "A Server-Timing value needs \(Self.maximumByteCount) bytes.")
        var end = Self.write("app;dur=", into: buffer, at: 0)
        end = Self.writeMilliseconds(app, into: buffer, at: end)
        end = Self.write(", repo;dur=", into: buffer, at: end)
        end = Self.writeMilliseconds(repository, into: buffer, at: end)
        guard delay > 0 else { return end }
        end = Self.write(", delay;dur=", into: buffer, at: end)
        return Self.writeMilliseconds(delay, into: buffer, at: end)
    }

    /// `value` milliseconds as `1.234`: three decimals, no exponent, for `Server-Timing` and logs.
    public static func milliseconds(_ value: Double) -> String {
        String(unsafeUninitializedCapacity: longestNumber) { writeMilliseconds(value, into: $0, at: 0) }
    }

    /// The most bytes one number takes: the 19 digits of `largestMilliseconds`' thousandths, the
    /// point, and one to spare.
    private static let longestNumber = 21

    /// The largest number written, ~31,700 years: a larger (or infinite) value is written as this.
    private static let largestMilliseconds = 1e15

    private static func write(
        _ text: StaticString, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        text.withUTF8Buffer { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
            return offset + bytes.count
        }
    }

    /// Writes `value` (negative as 0) rounded to thousandths at `offset`; returns where it ends.
    private static func writeMilliseconds(
        _ value: Double, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
    ) -> Int {
        // `max` first: a NaN compares false, and is written as 0.
        let thousandths = UInt64((min(max(0, value), largestMilliseconds) * 1000).rounded())
        var whole = thousandths / 1000
        var digits = 1
        var rest = whole / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var position = offset + digits
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        } while whole > 0
        var fraction = thousandths % 1000
        let point = offset + digits
        buffer[point] = UInt8(ascii: ".")
        for place in (1...3).reversed() {
            buffer[point + place] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        return point + 4
    }
}
