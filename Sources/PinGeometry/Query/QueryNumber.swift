/// A strict decimal number read from a query value: `[+-]digits[.digits][e[+-]digits]`.
///
/// Swift's `Double(_:)` alone would also take hexadecimal (`0x1p3`), `nan` and `inf`; a map query
/// should not, and NaN slips through range checks because it compares false with everything.
/// Surrounding spaces (a `+` in the URL) are ignored.
enum QueryNumber {
    /// The number in `text`, or `notANumber` / `notFinite` naming `parameter`; `label` says which
    /// value it was ("lat", "bbox's minLat") in the message.
    static func parse(
        _ text: some StringProtocol,
        parameter: PinQueryError.Parameter,
        label: String
    ) throws(PinQueryError) -> Double {
        let trimmed = text.trimmingSpaces
        if isNonFiniteWord(trimmed) {
            throw PinQueryError(
                parameter,
                .notFinite,
                "\(label) must be a finite number; got \(PinQueryError.quoted(text))."
            )
        }
        guard isDecimal(trimmed), let value = Double(trimmed) else {
            throw PinQueryError(
                parameter,
                .notANumber,
                "\(label) must be a decimal number such as 35.6812; got \(PinQueryError.quoted(text))."
            )
        }
        guard value.isFinite else {
            throw PinQueryError(
                parameter,
                .notFinite,
                "\(label) is too large to be a number; got \(PinQueryError.quoted(text))."
            )
        }
        return value
    }

    /// Whether `text` is written as a decimal number, in the grammar above.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes.removeFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes.removeFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes.removeFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes.removeFirst(exponentDigits)
        }
        return bytes.isEmpty
    }

    private static func isNonFiniteWord(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("+") || text.hasPrefix("-") ? text.dropFirst() : text[...]
        return ["nan", "inf", "infinity"].contains(unsigned.lowercased())
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension StringProtocol {
    /// This text without leading and trailing spaces.
    var trimmingSpaces: String {
        guard let start = firstIndex(where: { $0 != " " }), let end = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[start...end])
    }
}
