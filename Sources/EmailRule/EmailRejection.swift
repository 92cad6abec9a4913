/// Why an input is not a valid address: the first check of api.md §4.4 it failed. The server sends
/// `reason` as the error `code` and `message` as its `detail`; a client shows `message` as the user types.
public struct EmailRejection: Error, Hashable, Sendable {
    /// The check that failed, as named by api.md §4.4.
    public let reason: Reason

    /// The first character that isn't allowed, for `invalidLocalCharacter` and
    /// `invalidDomainCharacter` (the `{c}` of their messages); `nil` for every other reason.
    public let offendingCharacter: Character?

    /// A rejection for `reason`, with the offending character where the reason has one.
    init(_ reason: Reason, offendingCharacter: Character? = nil) {
        self.reason = reason
        self.offendingCharacter = offendingCharacter
    }
}

extension EmailRejection {
    /// The checks of api.md §4.4 that can fail; the raw value is the `reason` (error `code`) of the API.
    public enum Reason: String, CaseIterable, Sendable {
        /// Check 1: nothing but space, tab, CR, LF or form feed.
        case empty
        /// Check 2: a character outside ASCII.
        case nonASCII = "non_ascii"
        /// Check 3: more than 254 characters.
        case tooLong = "too_long"
        /// Check 4: no `@`.
        case missingAt = "missing_at"
        /// Check 4: more than one `@`.
        case multipleAt = "multiple_at"
        /// Check 5: nothing before the `@`.
        case emptyLocal = "empty_local"
        /// Check 5: nothing after the `@`.
        case emptyDomain = "empty_domain"
        /// Check 6: more than 64 characters before the `@`.
        case localTooLong = "local_too_long"
        /// Check 7: a character before the `@` that isn't a letter, a digit or allowed punctuation.
        case invalidLocalCharacter = "invalid_local_character"
        /// Check 8: a dot at either end of the local part, or two in a row.
        case localDot = "local_dot"
        /// Check 9: a character in the domain that isn't a letter, a digit, `-` or `.`.
        case invalidDomainCharacter = "invalid_domain_character"
        /// Check 10: a dot at either end of the domain, or two in a row.
        case domainDot = "domain_dot"
        /// Check 11: a domain without a dot.
        case domainNeedsDot = "domain_needs_dot"
        /// Check 12: a domain label of more than 63 characters.
        case labelTooLong = "label_too_long"
        /// Check 12: a domain label starting or ending with `-`.
        case labelHyphen = "label_hyphen"
        /// Check 13: a last domain label made only of digits.
        case numericTLD = "numeric_tld"
    }
}
