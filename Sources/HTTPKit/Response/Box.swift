/// An immutable value kept behind one reference, so a struct that rarely holds it stays small.
///
/// Immutable, so sharing it between copies keeps value semantics: setting the value replaces the box.
final class Box<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs || lhs.value == rhs.value }
}
