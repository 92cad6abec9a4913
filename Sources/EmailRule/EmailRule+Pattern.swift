extension EmailRule {
    /// The §4.4 pattern as text, exactly as api.md prints it, so that a client or a test can compile it
    /// with `Regex` (use Unicode-scalar semantics) and match it against the trimmed input. It accepts
    /// exactly the addresses `validate(_:)` accepts, but cannot say why one is rejected.
    public static let pattern =
        #"\A(?=.{1,254}\z)(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?![0-9]+\z)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\z"#
}
