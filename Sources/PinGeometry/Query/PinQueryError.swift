/// Why a `GET /pins` query cannot run: the parameter at fault, a code, and a message for a person.
///
/// The router turns it into api.md §1.1's 400 `malformed-request` problem with one `errors[]` item
/// (`field` = `parameter`, `detail` = `message`). Every message says what was wrong, with the value
/// received, and what to send instead.
public struct PinQueryError: Error, Hashable, Sendable {
    /// The query parameters of `GET /pins`, spelled as in the URL.
    public enum Parameter: String, Hashable, Sendable, CaseIterable {
        case lat, lon, radius, bbox, limit, category
    }

    /// What kind of mistake it is, for clients and tests that branch on it.
    public enum Code: String, Hashable, Sendable {
        /// A required parameter is absent, or no area was given at all.
        case missing
        /// Not a decimal number (hexadecimal and empty values included).
        case notANumber
        /// A number but NaN or infinite, written out or overflowing.
        case notFinite
        /// A number outside the parameter's range.
        case outOfRange
        /// `limit` written as something other than a whole number.
        case notAnInteger
        /// `bbox` without exactly four comma-separated numbers.
        case wrongCount
        /// `bbox` with its minimum latitude north of its maximum.
        case invertedLatitudes
        /// A `category` that is not one of the six.
        case unknownCategory
        /// Both a centre (`lat`, `lon`, `radius`) and a `bbox`.
        case conflictingAreas
    }

    /// The parameter to name in the problem's `errors[].field`.
    public let parameter: Parameter
    /// The kind of mistake.
    public let code: Code
    /// One or two sentences for the problem's `detail`.
    public let message: String

    init(_ parameter: Parameter, _ code: Code, _ message: String) {
        self.parameter = parameter
        self.code = code
        self.message = message
    }

    /// Throws `notFinite` for NaN and infinities, which no range check catches (NaN compares false).
    static func checkFinite(_ value: Double, parameter: Parameter) throws(PinQueryError) {
        guard value.isFinite else {
            throw PinQueryError(parameter, .notFinite, "\(parameter) must be a finite number; got \(value).")
        }
    }

    /// `text` quoted for a message, cut at 40 characters so a huge value cannot bloat the problem.
    static func quoted(_ text: some StringProtocol) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}
