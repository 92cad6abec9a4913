extension EmailRule {
    /// Checks 9 to 13 on a non-empty ASCII domain.
    static func checkDomain(_ domain: ArraySlice<UInt8>) throws(EmailRejection) {
        if let byte = domain.first(where: { !ASCII.isDomainCharacter($0) }) {
            throw EmailRejection(.invalidDomainCharacter, offendingCharacter: ASCII.character(byte))
        }
        // A dot at either end or two in a row leave an empty label.
        let labels = domain.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard !labels.contains(where: { $0.isEmpty }) else { throw EmailRejection(.domainDot) }
        guard labels.count > 1 else { throw EmailRejection(.domainNeedsDot) }

        for label in labels {
            guard label.count <= maximumLabelLength else { throw EmailRejection(.labelTooLong) }
            guard label.first != ASCII.hyphen, label.last != ASCII.hyphen else {
                throw EmailRejection(.labelHyphen)
            }
        }
        if let topLevel = labels.last, topLevel.allSatisfy(ASCII.isDigit) {
            throw EmailRejection(.numericTLD)
        }
    }
}
