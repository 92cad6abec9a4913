extension EmailRejection.Reason {
    /// The English message of api.md §4.4, word for word; `{c}` stands for the offending character.
    public var messageTemplate: String {
        switch self {
        case .empty: "Enter an email address."
        case .nonASCII: "Use only ASCII characters; internationalised addresses aren't supported."
        case .tooLong: "An email address can't be longer than 254 characters."
        case .missingAt: "An email address needs an @."
        case .multipleAt: "An email address has exactly one @."
        case .emptyLocal: "Enter the part before the @."
        case .emptyDomain: "Enter the part after the @."
        case .localTooLong: "The part before the @ can't be longer than 64 characters."
        case .invalidLocalCharacter: #"The part before the @ contains a character that isn't allowed: "{c}"."#
        case .localDot: "The part before the @ can't start or end with a dot or have two dots in a row."
        case .invalidDomainCharacter: #"The domain contains a character that isn't allowed: "{c}"."#
        case .domainDot: "The domain can't start or end with a dot or have two dots in a row."
        case .domainNeedsDot: "The domain needs a dot, like example.com."
        case .labelTooLong: "Each part of the domain can be at most 63 characters."
        case .labelHyphen: "A part of the domain can't start or end with a hyphen."
        case .numericTLD: "The domain can't end in a number."
        }
    }
}

extension EmailRejection {
    /// The exact message of api.md §4.4 for this rejection, with `{c}` replaced by the offending character.
    public var message: String {
        guard let character = offendingCharacter else { return reason.messageTemplate }
        return reason.messageTemplate.replacing("{c}", with: String(character))
    }
}
