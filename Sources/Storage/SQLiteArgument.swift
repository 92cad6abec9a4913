/// A value bound to a `?` of a `ReadQuery`.
public enum SQLiteArgument: Sendable {
    case text(String)
    case integer(Int64)
    case real(Double)
}
