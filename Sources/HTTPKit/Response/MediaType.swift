/// The media types Counterpart speaks, spelled once.
public enum MediaType {
    /// `application/json; charset=utf-8`, every domain's body and the server's default type.
    public static let json = "application/json; charset=utf-8"
    /// `application/problem+json`, every error body (RFC 9457).
    public static let problemJSON = "application/problem+json"
    /// `text/html; charset=utf-8`, the pages a person opens from a mail.
    public static let html = "text/html; charset=utf-8"
    /// `message/rfc822`, a whole mail (RFC 5322) as a mail client opens it.
    public static let rfc822 = "message/rfc822"
    /// `application/geo+json` (RFC 7946), map pins for MapKit's and Mapbox's GeoJSON decoders.
    public static let geoJSON = "application/geo+json"
    /// `text/event-stream`, server-sent events (WHATWG HTML §9.2) for `EventSource` and its kin.
    public static let eventStream = "text/event-stream"
}
