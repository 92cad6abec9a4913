extension EmailRule {
    /// Checks 6 to 8 on a non-empty ASCII local part.
    static func checkLocalPart(_ localPart: ArraySlice<UInt8>) throws(EmailRejection) {
        guard localPart.count <= maximumLocalLength else { throw EmailRejection(.localTooLong) }
        if let byte = localPart.first(where: { !ASCII.isLocalPartCharacter($0) }) {
            throw EmailRejection(.invalidLocalCharacter, offendingCharacter: ASCII.character(byte))
        }
        // A dot at either end or two in a row leave an empty piece between dots.
        let atoms = localPart.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard !atoms.contains(where: { $0.isEmpty }) else { throw EmailRejection(.localDot) }
    }
}
