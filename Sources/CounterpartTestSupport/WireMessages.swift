/// The bytes of one request as the test clients send it: `Host: 127.0.0.1` unless `headers` name a
/// host, and `Content-Length` for a body or a method that carries one.
public func requestBytes(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
) -> [UInt8] {
    var head = "\(method) \(target) HTTP/1.1\r\n"
    if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1\r\n" }
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    return Array(head.utf8) + body
}

extension ClientResponse {
    /// The status line and headers of `head`, the text before a response's empty line.
    static func parsingHead(_ head: String) throws(ClientError) -> ClientResponse {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { throw .malformed(head) }
        let statusParts = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw .malformed(head) }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            headers.append((String(line[..<colon]), String(value)))
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : ""
        return ClientResponse(status: status, reason: reason, headers: headers, body: [])
    }

    /// A whole answer, as `HTTPServer.answer(_:peer:)` hands it back: the head, then every byte
    /// after it as the body (the server writes `Content-Length` bodies only).
    public init(parsing bytes: [UInt8]) throws(ClientError) {
        let end = bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
        guard let end else { throw .malformed(String(decoding: bytes, as: UTF8.self)) }
        let head = try Self.parsingHead(String(decoding: bytes[..<end], as: UTF8.self))
        self.init(status: head.status, reason: head.reason, headers: head.headers, body: Array(bytes[(end + 4)...]))
    }
}
