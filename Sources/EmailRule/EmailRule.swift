/// The one email rule of api.md §4.4, shared by the server (which validates subscriptions and answers
/// `GET /newsletter/email-check`) and by clients (which validate as the user types), so that both
/// always agree on which addresses are valid, how they are normalised and why one is rejected.
public enum EmailRule {
    /// Applies api.md §4.4's checks in order; the first failure wins.
    ///
    /// Where one check has two reasons, the order is: no `@` before more than one `@` (check 4), an
    /// empty local part before an empty domain (check 5), and, label by label from the left, a label's
    /// length before its hyphens (check 12).
    ///
    /// - Parameter input: the address as typed; space, tab, CR, LF and form feed at either end are ignored.
    /// - Returns: the normalised address, or the first check it fails.
    public static func validate(_ input: String) -> Result<EmailAddress, EmailRejection> {
        Result { () throws(EmailRejection) in try address(from: input) }
    }

    /// Checks 1 to 5, which find the local part and the domain, then the checks on each part.
    private static func address(from input: String) throws(EmailRejection) -> EmailAddress {
        let scalars = input.unicodeScalars
        guard let start = scalars.firstIndex(where: { !ASCII.isTrimmed($0) }),
            let end = scalars.lastIndex(where: { !ASCII.isTrimmed($0) })
        else { throw EmailRejection(.empty) }
        let trimmed = scalars[start...end]
        guard trimmed.allSatisfy({ $0.isASCII }) else { throw EmailRejection(.nonASCII) }

        let bytes = Array(Substring(trimmed).utf8)
        guard bytes.count <= maximumLength else { throw EmailRejection(.tooLong) }

        let parts = bytes.split(separator: ASCII.at, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count > 1 else { throw EmailRejection(.missingAt) }
        guard parts.count == 2, let localPart = parts.first, let domain = parts.last else {
            throw EmailRejection(.multipleAt)
        }
        guard !localPart.isEmpty else { throw EmailRejection(.emptyLocal) }
        guard !domain.isEmpty else { throw EmailRejection(.emptyDomain) }

        try checkLocalPart(localPart)
        try checkDomain(domain)
        return EmailAddress(localPart: ASCII.string(localPart), domain: ASCII.string(domain.map(ASCII.lowercased)))
    }
}
