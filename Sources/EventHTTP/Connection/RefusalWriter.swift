import Glibc
import HTTPKit
import HTTPTypes

/// The bytes of a refusal's answer: the request was never parsed, so the connection answers in
/// HTTP/1.1 and closes.
enum RefusalWriter {
    static func bytes(of response: Response) -> [UInt8] {
        let date = Timestamp(secondsSince1970: Int64(time(nil))).httpDate
        return ResponseHead(closes: true, isHTTP10: false).bytes(of: response, date: date) + response.body.bytes
    }
}
