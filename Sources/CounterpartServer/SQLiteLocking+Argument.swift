import Storage

/// `--sqlite-locking exclusive|shared`.
extension SQLiteLocking: ArgumentValue {
    init?(argument: String) { self.init(rawValue: argument) }
    static var expected: String { "exclusive or shared" }
}
