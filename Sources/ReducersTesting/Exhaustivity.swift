/// How strictly a `TestStore` checks a test.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change and every received action must be asserted (the default).
    case on
    /// Only what the test asserts is checked: unasserted actions are skipped, and a state
    /// assertion only has to agree with the actual state. Use it when a test says why.
    case off
}
