extension EmailRule {
    /// The longest address accepted, in characters after trimming (check 3).
    public static let maximumLength = 254

    /// The longest local part accepted, in characters (check 6).
    public static let maximumLocalLength = 64

    /// The longest domain label accepted, in characters (check 12).
    public static let maximumLabelLength = 63
}
