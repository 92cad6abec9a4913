public import HTTPKit

extension Subscriber: JSONWritable {
    /// api.md §6.2's admin view: `{email, status, createdAt, confirmedAt, unsubscribedAt}`.
    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("email", email)
            object.member("status", status.rawValue)
            object.member("createdAt", createdAt)
            object.member("confirmedAt", confirmedAt)
            object.member("unsubscribedAt", unsubscribedAt)
        }
    }
}
