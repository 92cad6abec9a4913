/// The `Idempotency-Key` request header (api.md §1.2).
///
/// A structured-field string (`"abc"`) or a bare token; once unquoted it must be 1–255 printable
/// ASCII characters, else the request is 400.
public enum IdempotencyKey {
    /// The key in `header`, or a 400 problem explaining what is wrong with it.
    public static func parse(_ header: String) throws(RouteError) -> String {
        var key = Substring(header.trimmingSpaces)
        if key.count >= 2, key.first == "\"", key.last == "\"" {
            key = key.dropFirst().dropLast()
        }
        guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            let detail = "Idempotency-Key must be 1–255 printable ASCII characters, optionally in double quotes."
            throw RouteError(
                .malformedRequest(
                    detail, errors: [FieldError(field: "Idempotency-Key", code: "invalid", detail: detail)])
            )
        }
        return String(key)
    }
}
