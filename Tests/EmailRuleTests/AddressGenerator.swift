import SeededRandom

/// Generates email-like strings biased towards every boundary of api.md §4.4: lengths around 64,
/// 63 and 254, misplaced dots and hyphens, numeric last labels, zero to two `@`, every allowed special
/// character, disallowed ASCII, non-ASCII, and trimmed or untrimmed whitespace at the ends. About a
/// quarter are one-character mutations of valid addresses.
struct AddressGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
    private static let digits = Array("0123456789".unicodeScalars)
    private static let localSpecials = Array("!#$%&'*+-/=?^_`{|}~".unicodeScalars)
    /// Characters no part may hold: disallowed ASCII, controls, DEL, non-ASCII, a combining mark.
    private static let junk: [Unicode.Scalar] = [
        " ", "\"", "(", ")", ",", ":", ";", "<", ">", "[", "]", "\\", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}",
        "\t", "\n", "\r", "\u{0B}", "\u{0C}", "é", "ユ", "😀", "\u{301}", "\u{A0}", "\u{2028}", "\u{85}",
    ]
    /// What may surround an input: the five trimmed characters and three that are not trimmed.
    private static let edges: [Unicode.Scalar] = [" ", "\t", "\r", "\n", "\u{0C}", "\u{0B}", "\u{A0}", "\u{3000}"]
    private static let alphanumerics = letters + digits
    private static let localCharacters = alphanumerics + localSpecials
    /// Everything a mutation may insert or substitute.
    private static let mutations = localCharacters + junk + [".", ".", "-", "-", "@", "@", "_"]
    /// What a random string is made of.
    private static let soup = mutations + [".", "@", "a"]

    /// The next input: half built part by part, an eighth near the maximum length, over a quarter
    /// mutated valid addresses, the rest random strings of the characters that matter.
    mutating func next() -> String {
        switch int(0..<100) {
        case 0..<50: string(padding() + localPart() + ats() + domain() + padding())
        case 50..<62: string(padding() + nearMaximumLength() + padding())
        case 62..<90: string(mutated(cleanAddress()))
        default: string(draw(int(0...24), from: Self.soup))
        }
    }

    // MARK: Parts

    /// A local part of 0 to 70 characters, usually well formed, sometimes with misplaced dots or junk.
    private mutating func localPart() -> [Unicode.Scalar] {
        let length = boundaryLength(around: 64, upTo: 70)
        let wellPlacedDots = chance(85)
        var scalars: [Unicode.Scalar] = (0..<length).map { index in
            let dotAllowed = !wellPlacedDots || (index > 0 && index < length - 1)
            if dotAllowed, chance(12) { return "." }
            return chance(20) ? pick(Self.localSpecials) : pick(Self.alphanumerics)
        }
        if wellPlacedDots {
            // Undo doubled dots.
            for index in scalars.indices.dropFirst() where scalars[index] == "." && scalars[index - 1] == "." {
                scalars[index] = "x"
            }
        }
        return chance(7) ? withJunk(scalars) : scalars
    }

    /// One `@` usually, sometimes none or two.
    private mutating func ats() -> [Unicode.Scalar] {
        switch int(0..<100) {
        case 0..<5: []
        case 5..<10: ["@", "@"]
        default: ["@"]
        }
    }

    /// A domain of one to four labels, sometimes with dots at its ends, numeric last label or junk.
    private mutating func domain() -> [Unicode.Scalar] {
        let count = [1, 2, 2, 2, 2, 3, 3, 3, 4][int(0..<9)]
        var scalars = dotted((0..<count).map { index in label(isLast: index == count - 1) })
        if chance(3) { scalars.insert(".", at: 0) }
        if chance(3) { scalars.append(".") }
        return chance(6) ? withJunk(scalars) : scalars
    }

    /// A label of 0 to 66 characters, usually well formed, sometimes with a hyphen at an end.
    private mutating func label(isLast: Bool) -> [Unicode.Scalar] {
        let length = boundaryLength(around: 63, upTo: 66)
        if isLast, chance(8) { return draw(length, from: Self.digits) }
        var scalars: [Unicode.Scalar] = (0..<length).map { _ in
            chance(10) ? "-" : pick(isLast ? Self.letters : Self.alphanumerics)
        }
        if let first = scalars.indices.first, first != scalars.indices.last {
            if !chance(4), scalars[first] == "-" { scalars[first] = "a" }
            if !chance(4), scalars[scalars.count - 1] == "-" { scalars[scalars.count - 1] = "z" }
        } else if chance(90) {
            scalars = scalars.map { $0 == "-" ? "q" : $0 }
        }
        return scalars
    }

    /// An address of 249 to 258 characters with a local part of 55 to 65 characters and labels of
    /// at most 63 (sometimes one more, or one label too few so that one is over 63).
    private mutating func nearMaximumLength() -> [Unicode.Scalar] {
        let total = int(249...258)
        let localLength = int(55...65)
        let domainLength = total - localLength - 1
        let fewestLabels = (domainLength + 1 + 63) / 64
        let labelCount = max(1, fewestLabels + [-1, 0, 0, 0, 1][int(0..<5)])
        let letterCount = domainLength - (labelCount - 1)
        let labels = (0..<labelCount).map { index in
            let length = letterCount / labelCount + (index < letterCount % labelCount ? 1 : 0)
            return draw(length, from: Self.letters)
        }
        return draw(localLength, from: Self.localCharacters) + ["@"] + dotted(labels)
    }

    /// A valid address: a well-formed local part, two or three labels, a letters-only last label.
    private mutating func cleanAddress() -> [Unicode.Scalar] {
        let local = draw(boundaryLength(around: 64, upTo: 64, minimum: 1), from: Self.localCharacters)
        let labels = (0..<int(2...3)).map { _ in
            draw(boundaryLength(around: 63, upTo: 63, minimum: 1), from: Self.letters)
        }
        let address = local + ["@"] + dotted(labels)
        return Array(address.prefix(254))
    }

    /// `scalars` with one scalar inserted, deleted or replaced, or (sometimes) unchanged.
    private mutating func mutated(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result = scalars
        switch int(0..<10) {
        case 0..<3: result.insert(pick(Self.mutations), at: int(0...result.count))
        case 3..<6: result.remove(at: int(0..<result.count))
        case 6..<9: result[int(0..<result.count)] = pick(Self.mutations)
        default: break
        }
        return result
    }

    // MARK: Building blocks

    /// `scalars` with one scalar replaced by (or, when empty, made of) a junk character.
    private mutating func withJunk(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result = scalars
        if result.isEmpty { return [pick(Self.junk)] }
        result[int(0..<result.count)] = pick(Self.junk)
        return result
    }

    /// Nothing usually, else one to three characters that may or may not be trimmed.
    private mutating func padding() -> [Unicode.Scalar] {
        chance(75) ? [] : draw(int(1...3), from: Self.edges)
    }

    /// A length that is often within three of `limit`, sometimes `minimum`, otherwise small.
    private mutating func boundaryLength(around limit: Int, upTo maximum: Int, minimum: Int = 0) -> Int {
        switch int(0..<100) {
        case 0..<4: minimum
        case 4..<22: int(max(minimum, limit - 3)...maximum)
        default: int(max(minimum, 1)...12)
        }
    }

    private mutating func chance(_ percent: Int) -> Bool {
        int(0..<100) < percent
    }

    /// A number in `range`: SplitMix64's output modulo the range's size. The bias is negligible here,
    /// and the strings do not depend on how a standard library version samples a range.
    private mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        int(range.lowerBound..<range.upperBound + 1)
    }

    private mutating func pick(_ alphabet: [Unicode.Scalar]) -> Unicode.Scalar {
        alphabet[int(0..<alphabet.count)]
    }

    /// `count` scalars drawn from `alphabet`.
    private mutating func draw(_ count: Int, from alphabet: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(count)
        for _ in 0..<count { scalars.append(pick(alphabet)) }
        return scalars
    }

    /// `labels` with a dot between each two.
    private func dotted(_ labels: [[Unicode.Scalar]]) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for (index, label) in labels.enumerated() {
            if index > 0 { scalars.append(".") }
            scalars += label
        }
        return scalars
    }

    private func string(_ scalars: [Unicode.Scalar]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
