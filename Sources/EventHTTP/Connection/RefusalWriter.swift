import Glibc
import HTTPKit
import HTTPTypes

/// The bytes of a refusal's answer: evhttp never saw the request, so the HTTP layer writes the
/// status line itself, with `Date`, `Content-Length` and `Connection: close`.
enum RefusalWriter {
    static func bytes(of response: Response) -> [UInt8] {
        let phrase = ReasonPhrases.phrase(for: response.status) ?? ""
        var head = "HTTP/1.1 \(response.status.code) \(phrase)\r\n"
        for field in response.headers where field.name != .contentLength && field.name != .connection {
            head += "\(field.name.rawName): \(field.value)\r\n"
        }
        head += "Date: \(Timestamp(secondsSince1970: Int64(time(nil))).httpDate)\r\n"
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + response.body.bytes
    }
}
