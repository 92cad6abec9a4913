import EmailRule
import Testing

/// A valid input with its normalised form and identity.
struct ValidVector: Sendable, CustomTestStringConvertible {
    let input: String
    let normalized: String
    let identity: String

    /// A vector whose identity is its normalised form unless given.
    init(_ input: String, _ normalized: String, identity: String? = nil) {
        self.input = input
        self.normalized = normalized
        self.identity = identity ?? normalized
    }

    var testDescription: String { escaped(input) }
}

/// An invalid input with its reason, offending character and exact message.
struct InvalidVector: Sendable, CustomTestStringConvertible {
    let input: String
    let reason: EmailRejection.Reason
    let offendingCharacter: Character?
    let message: String

    /// A vector whose message is the table's for `reason` unless given (as it must be with `{c}`).
    init(_ input: String, _ reason: EmailRejection.Reason, offending: Character? = nil, message: String? = nil) {
        self.input = input
        self.reason = reason
        self.offendingCharacter = offending
        self.message = message ?? listedMessages[reason, default: "unlisted"]
    }

    var testDescription: String { escaped(input) }
}

/// The reasons, codes and messages of api.md §4.4's table, copied from it word for word.
let listedReasons: [(reason: EmailRejection.Reason, code: String, message: String)] = [
    (.empty, "empty", "Enter an email address."),
    (.nonASCII, "non_ascii", "Use only ASCII characters; internationalised addresses aren't supported."),
    (.tooLong, "too_long", "An email address can't be longer than 254 characters."),
    (.missingAt, "missing_at", "An email address needs an @."),
    (.multipleAt, "multiple_at", "An email address has exactly one @."),
    (.emptyLocal, "empty_local", "Enter the part before the @."),
    (.emptyDomain, "empty_domain", "Enter the part after the @."),
    (.localTooLong, "local_too_long", "The part before the @ can't be longer than 64 characters."),
    (
        .invalidLocalCharacter, "invalid_local_character",
        #"The part before the @ contains a character that isn't allowed: "{c}"."#
    ),
    (.localDot, "local_dot", "The part before the @ can't start or end with a dot or have two dots in a row."),
    (
        .invalidDomainCharacter, "invalid_domain_character",
        #"The domain contains a character that isn't allowed: "{c}"."#
    ),
    (.domainDot, "domain_dot", "The domain can't start or end with a dot or have two dots in a row."),
    (.domainNeedsDot, "domain_needs_dot", "The domain needs a dot, like example.com."),
    (.labelTooLong, "label_too_long", "Each part of the domain can be at most 63 characters."),
    (.labelHyphen, "label_hyphen", "A part of the domain can't start or end with a hyphen."),
    (.numericTLD, "numeric_tld", "The domain can't end in a number."),
]

let listedMessages = Dictionary(uniqueKeysWithValues: listedReasons.map { ($0.reason, $0.message) })

/// The message of check 7 for `character`, written out as the table's template reads.
func localCharacterMessage(_ character: String) -> String {
    "The part before the @ contains a character that isn't allowed: \"\(character)\"."
}

/// The message of check 9 for `character`, written out as the table's template reads.
func domainCharacterMessage(_ character: String) -> String {
    "The domain contains a character that isn't allowed: \"\(character)\"."
}

/// `count` copies of `character`, for the long vectors.
func repeated(_ character: Character, _ count: Int) -> String {
    String(repeating: character, count: count)
}

/// The valid column of the §4.4 test-vector table.
let validVectors = [
    ValidVector("user@example.com", "user@example.com"),
    ValidVector("  Jane.Doe+news@Example.COM \n", "Jane.Doe+news@example.com", identity: "jane.doe+news@example.com"),
    ValidVector("o'brien@mail.example.ie", "o'brien@mail.example.ie"),
    ValidVector("x@a.io", "x@a.io"),
    ValidVector("user@xn--r8jz45g.jp", "user@xn--r8jz45g.jp"),
    ValidVector("user@example.test", "user@example.test"),
    ValidVector(repeated("a", 64) + "@example.com", repeated("a", 64) + "@example.com"),
]

/// The invalid column of the §4.4 test-vector table.
let invalidVectors = [
    InvalidVector("", .empty),
    InvalidVector("   ", .empty),
    InvalidVector("ユーザー@example.jp", .nonASCII),
    InvalidVector("user@例え.jp", .nonASCII),
    InvalidVector(
        repeated("a", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 60) + ".com",
        .tooLong
    ),
    InvalidVector("user.example.com", .missingAt),
    InvalidVector("user@@example.com", .multipleAt),
    InvalidVector("@example.com", .emptyLocal),
    InvalidVector("user@", .emptyDomain),
    InvalidVector(repeated("a", 65) + "@example.com", .localTooLong),
    InvalidVector("user name@example.com", .invalidLocalCharacter, offending: " ", message: localCharacterMessage(" ")),
    InvalidVector(
        #""quoted"@example.com"#, .invalidLocalCharacter, offending: "\"", message: localCharacterMessage("\"")),
    InvalidVector(".user@example.com", .localDot),
    InvalidVector("us..er@example.com", .localDot),
    InvalidVector("user@[127.0.0.1]", .invalidDomainCharacter, offending: "[", message: domainCharacterMessage("[")),
    InvalidVector("user@exa_mple.com", .invalidDomainCharacter, offending: "_", message: domainCharacterMessage("_")),
    InvalidVector("user@example..com", .domainDot),
    InvalidVector("a@b", .domainNeedsDot),
    InvalidVector("user@localhost", .domainNeedsDot),
    InvalidVector("user@" + repeated("a", 64) + ".com", .labelTooLong),
    InvalidVector("user@-example.com", .labelHyphen),
    InvalidVector("user@example.123", .numericTLD),
]

/// Valid inputs outside the table: every trimmed character, exactly 254 characters, every special.
let edgeValidVectors = [
    ValidVector(
        "\t\u{0C}" + repeated("A", 64) + "@" + repeated("B", 63) + "." + repeated("c", 63) + "."
            + repeated("d", 59) + ".c\r\n",
        repeated("A", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 59) + ".c",
        identity: repeated("a", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 59) + ".c"
    ),
    ValidVector(
        "!#$%&'*+-/=?^_`{|}~.Z@123.xn--9a",
        "!#$%&'*+-/=?^_`{|}~.Z@123.xn--9a",
        identity: "!#$%&'*+-/=?^_`{|}~.z@123.xn--9a"
    ),
]

/// Invalid inputs outside the table that pin down trimming, the limits and the order of the checks,
/// including inside the checks with two reasons (see `EmailRule.validate(_:)`).
let edgeInvalidVectors = [
    InvalidVector("\r\n\u{0C}\t ", .empty),
    InvalidVector(
        "\u{0B}user@example.com", .invalidLocalCharacter, offending: "\u{0B}", message: localCharacterMessage("\u{0B}")),
    InvalidVector(
        "user@example.com\u{0B}", .invalidDomainCharacter, offending: "\u{0B}",
        message: domainCharacterMessage("\u{0B}")),
    InvalidVector("\u{A0}user@example.com", .nonASCII),
    InvalidVector(
        repeated("a", 64) + "@" + repeated("b", 63) + "." + repeated("c", 63) + "." + repeated("d", 60) + ".c",
        .tooLong
    ),
    InvalidVector("@", .emptyLocal),
    InvalidVector("a b@@", .multipleAt),
    InvalidVector(
        "a" + repeated(" ", 63) + "@x", .invalidLocalCharacter, offending: " ", message: localCharacterMessage(" ")),
    InvalidVector("a" + repeated(" ", 64) + "@x", .localTooLong),
    InvalidVector("us,er.@example.com", .invalidLocalCharacter, offending: ",", message: localCharacterMessage(",")),
    InvalidVector("user.@ex(ample.com", .localDot),
    InvalidVector("user@.ex(ample.com", .invalidDomainCharacter, offending: "(", message: domainCharacterMessage("(")),
    InvalidVector("user@example.com.", .domainDot),
    InvalidVector("user@a-.b" + repeated("c", 64), .labelHyphen),
    InvalidVector("user@-" + repeated("a", 64) + ".com", .labelTooLong),
    InvalidVector("user@example.com-", .labelHyphen),
    InvalidVector("user@123.456", .numericTLD),
]
