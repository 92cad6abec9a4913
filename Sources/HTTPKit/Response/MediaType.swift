/// The media types Counterpart speaks, spelled once.
public enum MediaType {
    /// `application/json; charset=utf-8`, every domain's body and the server's default type.
    public static let json = "application/json; charset=utf-8"
    /// `application/problem+json`, every error body (RFC 9457).
    public static let problemJSON = "application/problem+json"
}
