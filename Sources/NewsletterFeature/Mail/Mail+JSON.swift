public import HTTPKit

extension Mail: JSONWritable {
    /// api.md §6.2's outbox entry: `{id, to, kind, subject, sentAt, headers, links, text}`.
    public func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("id", id)
            object.member("to", to)
            object.member("kind", kind.rawValue)
            object.member("subject", subject)
            object.member("sentAt", sentAt)
            object.member("headers") { writer in
                writer.object { headers in
                    if let unsubscribeLink {
                        headers.member("List-Unsubscribe", "<" + unsubscribeLink + ">")
                        headers.member("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
                    }
                }
            }
            object.member("links") { writer in
                writer.object { links in
                    links.member("confirm", confirmLink)
                    links.member("unsubscribe", unsubscribeLink)
                }
            }
            object.member("text", text)
        }
    }
}
