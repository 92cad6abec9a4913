import Foundation
import HTTPKit

extension Mail {
    /// The sender every mail claims; `.invalid` (RFC 6761) because nothing is ever delivered.
    static let sender = "Counterpart <newsletter@counterpart.invalid>"

    /// The mail as an RFC 5322 message (`message/rfc822`): CRLF line ends, a UTF-8 plain-text body
    /// sent 8-bit, and `List-Unsubscribe` / `List-Unsubscribe-Post` where the mail has them, so a
    /// mail client opens it and a provider's one-click button would find its URL.
    public var internetMessage: [UInt8] {
        var headers: [(String, String)] = [
            ("From", Self.sender),
            ("To", to),
            ("Subject", subject),
            ("Date", sentAt.internetMessageDate),
            ("Message-ID", "<" + id.uuidString.lowercased() + "@counterpart.invalid>"),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Transfer-Encoding", "8bit"),
        ]
        headers += listHeaders.map { ($0.name, $0.value) }
        var message = headers.map { $0 + ": " + $1 + "\r\n" }.joined() + "\r\n"
        message += text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        return Array(message.utf8)
    }
}
