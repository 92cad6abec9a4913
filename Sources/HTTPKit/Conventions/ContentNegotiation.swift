/// `Accept` matching (RFC 9110 §12.5.1), enough for the types Counterpart offers.
///
/// Read over the value's bytes in place, as RFC 9110 defines it (ASCII case folding, no Unicode
/// equivalence), with qualities in thousandths (the precision §12.4.2 allows): split into
/// substrings, lowercased and parsed as `Double`s, one `Accept` of a browser or a generated client
/// cost ~25,000 instructions — more than the rest of a `/health` answer.
public enum ContentNegotiation {
    /// Returns the first of `offered` (bare lowercase `type/subtype`) that `accept` allows with
    /// q > 0, or `nil`. An absent or blank `Accept` allows anything.
    public static func choose(from offered: [String], accept: String?) -> String? {
        guard let accept else { return offered.first }
        return withUTF8(accept) { accept -> String? in
            guard accept.contains(where: { !isBlank($0) }) else { return offered.first }
            var best: (type: String, quality: Int)?
            for type in offered {
                let quality = withUTF8(type) { type -> Int in Self.quality(of: type, in: accept) }
                guard quality > 0 else { continue }
                if let current = best, quality <= current.quality { continue }
                best = (type, quality)
            }
            return best?.type
        }
    }

    /// Whether `accept` names `type` itself (case aside) with a quality above 0 — not through a
    /// wildcard: for variants a client must ask for by name, like GitHub's text-match JSON.
    public static func names(_ type: String, in accept: String) -> Bool {
        withUTF8(type.lowercased()) { type in
            withUTF8(accept) { accept in
                var named = false
                forEachRange(in: accept) { media, quality in
                    if quality > 0, equalsIgnoringCase(media, type) { named = true }
                }
                return named
            }
        }
    }

    /// The quality `accept` gives `type`: the most specific matching range wins, the first of equals.
    private static func quality(of type: UnsafeBufferPointer<UInt8>, in accept: UnsafeBufferPointer<UInt8>) -> Int {
        let major = UnsafeBufferPointer(rebasing: type[..<(type.firstIndex(of: UInt8(ascii: "/")) ?? type.endIndex)])
        var match: (specificity: Int, quality: Int)?
        forEachRange(in: accept) { media, quality in
            let specificity =
                if equalsIgnoringCase(media, type) {
                    3
                } else if isWildcard(media, under: major) {
                    2
                } else if media.elementsEqual("*/*".utf8) {
                    1
                } else {
                    0
                }
            guard specificity > 0 else { return }
            if let current = match, specificity <= current.specificity { return }
            match = (specificity, quality)
        }
        return match?.quality ?? 0
    }

    /// Calls `body` with each media range of `accept` that names one (`type/subtype`, spaces and
    /// tabs around it trimmed) and its `q` in thousandths: 1000 when absent, 0 when unreadable.
    private static func forEachRange(
        in accept: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        var start = accept.startIndex
        while start <= accept.endIndex {
            let end = accept[start...].firstIndex(of: UInt8(ascii: ",")) ?? accept.endIndex
            let range = accept[start..<end]
            start = end + 1
            // The first field that is not empty names the media, as `;application/json` always has.
            var fieldStart = range.startIndex
            var fieldEnd = range.firstIndex(of: UInt8(ascii: ";")) ?? range.endIndex
            while fieldStart == fieldEnd, fieldEnd < range.endIndex {
                fieldStart = fieldEnd + 1
                fieldEnd = range[fieldStart...].firstIndex(of: UInt8(ascii: ";")) ?? range.endIndex
            }
            let media = trimmed(range[fieldStart..<fieldEnd])
            guard !media.isEmpty else { continue }
            var quality = 1000
            while fieldEnd < range.endIndex {
                fieldStart = fieldEnd + 1
                fieldEnd = range[fieldStart...].firstIndex(of: UInt8(ascii: ";")) ?? range.endIndex
                let parameter = trimmed(range[fieldStart..<fieldEnd])
                guard parameter.count >= 2, parameter[parameter.startIndex] | 0x20 == UInt8(ascii: "q"),
                    parameter[parameter.startIndex + 1] == UInt8(ascii: "=")
                else { continue }
                quality = thousandths(parameter.dropFirst(2))
                break
            }
            body(UnsafeBufferPointer(rebasing: media), quality)
        }
    }

    /// A `q` value in thousandths: digits, then optionally a point and more digits, read to the
    /// third decimal (the precision RFC 9110 §12.4.2 allows; later digits are ignored). What is not
    /// such a number is 0; a positive value finer than a thousandth counts as one.
    private static func thousandths(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var index = text.startIndex
        var whole = 0
        while index < text.endIndex, let digit = digit(text[index]) {
            whole = min(whole * 10 + digit, 1_000_000)
            index += 1
        }
        guard index > text.startIndex else { return 0 }
        var value = whole * 1000
        var finer = false
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            var place = 100
            while index < text.endIndex, let digit = digit(text[index]) {
                if place > 0 { value += digit * place } else if digit > 0 { finer = true }
                place /= 10
                index += 1
            }
        }
        guard index == text.endIndex else { return 0 }
        return value == 0 && finer ? 1 : value
    }

    private static func digit(_ byte: UInt8) -> Int? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? Int(value) : nil
    }

    /// Whether `media` is `major/*`, case aside.
    private static func isWildcard(_ media: UnsafeBufferPointer<UInt8>, under major: UnsafeBufferPointer<UInt8>) -> Bool
    {
        media.count == major.count + 2 && media[major.count] == UInt8(ascii: "/")
            && media[major.count + 1] == UInt8(ascii: "*")
            && equalsIgnoringCase(UnsafeBufferPointer(rebasing: media[..<major.count]), major)
    }

    /// Whether `bytes` spell `lowercase` with ASCII letters in any case.
    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard bytes.count == lowercase.count else { return false }
        for offset in 0..<bytes.count {
            let byte = bytes[offset]
            let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            guard folded == lowercase[offset] else { return false }
        }
        return true
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        guard let start = bytes.firstIndex(where: { !isBlank($0) }), let end = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[start...end]
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func withUTF8<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }
}
