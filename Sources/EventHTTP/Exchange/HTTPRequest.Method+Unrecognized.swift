public import HTTPTypes

extension HTTPRequest.Method {
    /// The method of a request whose method libevent 2.1 does not know (`QUERY`, `BREW`).
    ///
    /// evhttp parses only its nine methods and keeps no name for any other, so such requests reach
    /// the handler with this token: routing answers them 405 with `Allow` (or 404) like any method a
    /// path does not take, instead of evhttp's bare HTML 501. evhttp reads no body for them, so the
    /// connection is closed after the answer rather than risk reading a body as the next request.
    public static let unrecognized = Self("UNRECOGNIZED")!
}
