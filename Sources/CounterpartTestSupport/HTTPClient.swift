import Glibc

/// A raw HTTP/1.1 client over one loopback TCP connection, for live tests.
///
/// Tests need what URLSession hides: exact request bytes (no `Content-Type`, odd methods, oversized
/// headers), keep-alive over one socket, and closing mid-request. Every read has a timeout, so a test
/// never hangs on a server that does not answer. The default is long on purpose: it guards against a
/// hang, it is not a deadline, and two cores running the whole suite can hold a slow answer (a reset
/// reseeding a SQLite file) for seconds.
public final class HTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`; `timeout` bounds every later read.
    public init(port: Int, timeout: Duration = .seconds(30)) throws(ClientError) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .io("socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: a class whose properties are all set runs deinit even when init throws,
        // and closing twice could close a descriptor another thread has just been given.
        guard connected == 0 else { throw .io("connect to 127.0.0.1:\(port) failed: errno \(errno)") }
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Sends one request and reads its response. `HEAD` responses are read without a body.
    public func request(
        _ method: String,
        _ target: String,
        headers: [(String, String)] = [],
        body: [UInt8] = []
    ) throws(ClientError) -> ClientResponse {
        try send(method, target, headers: headers, body: body)
        return try readResponse(expectBody: method != "HEAD")
    }

    /// Sends one request without waiting for the answer.
    public func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [])
        throws(ClientError)
    {
        try write(requestBytes(method, target, headers: headers, body: body))
    }

    /// Writes raw bytes.
    public func write(_ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw .io("send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Shuts the sending side, as a client that has said all it will say does; answers can still
    /// be read.
    public func shutDownSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes the connection, as a client that gives up would.
    public func closeNow() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Reads one response.
    public func readResponse(expectBody: Bool = true) throws(ClientError) -> ClientResponse {
        let headerEnd = try readUntilHeadersEnd()
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        let response = try ClientResponse.parsingHead(head)
        let (status, reason, headers) = (response.status, response.reason, response.headers)
        guard expectBody, status != 204, status != 304 else { return response }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            try fill(length)
            let body = Array(buffer[..<length])
            buffer.removeFirst(length)
            return ClientResponse(status: status, reason: reason, headers: headers, body: body)
        }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            return ClientResponse(status: status, reason: reason, headers: headers, body: try readChunks())
        }
        while (try? readMore()) != nil {}
        defer { buffer.removeAll() }
        return ClientResponse(status: status, reason: reason, headers: headers, body: buffer)
    }

    /// Reads a response's head alone: its body is a stream, read with `readChunk()`.
    public func readHead() throws(ClientError) -> ClientResponse {
        let headerEnd = try readUntilHeadersEnd()
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        return try ClientResponse.parsingHead(head)
    }

    /// Reads the next chunk of a chunked body as it arrives; empty for the last one.
    public func readChunk() throws(ClientError) -> [UInt8] {
        let lineEnd = try readUntil([13, 10])
        let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
        guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { throw .malformed(sizeText) }
        buffer.removeFirst(lineEnd + 2)
        try fill(size + 2)
        let chunk = Array(buffer[..<size])
        guard buffer[size] == 13, buffer[size + 1] == 10 else { throw .malformed("a chunk without its CRLF") }
        buffer.removeFirst(size + 2)
        return chunk
    }

    /// Whether the server closes the connection (a read reaches end of file) within the read
    /// timeout; anything it sends first is discarded.
    public func isClosedByPeer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received == 0 { return true }
            if received < 0 { return false }
        }
    }

    private func readChunks() throws(ClientError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil([13, 10])
            let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
            buffer.removeFirst(lineEnd + 2)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { throw .malformed(sizeText) }
            try fill(size + 2)
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
            if size == 0 { return body }
        }
    }

    private func readUntilHeadersEnd() throws(ClientError) -> Int {
        try readUntil([13, 10, 13, 10])
    }

    private func readUntil(_ marker: [UInt8]) throws(ClientError) -> Int {
        while true {
            if buffer.count >= marker.count {
                for start in 0...(buffer.count - marker.count)
                where buffer[start..<start + marker.count].elementsEqual(marker) {
                    return start
                }
            }
            try readMore()
        }
    }

    private func fill(_ count: Int) throws(ClientError) {
        while buffer.count < count { try readMore() }
    }

    private func readMore() throws(ClientError) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if received == 0 { throw .closed }
        guard received > 0 else { throw .io("recv failed or timed out: errno \(errno)") }
        buffer += chunk[..<received]
    }
}

/// Why a test request failed at the transport level.
public enum ClientError: Error, Equatable {
    /// A socket call failed (or a read timed out).
    case io(String)
    /// The server closed the connection.
    case closed
    /// The response could not be parsed.
    case malformed(String)
}

/// A response as read off the wire.
public struct ClientResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The status line's reason phrase (`Service Unavailable`), empty when the server sent none.
    public let reason: String
    /// Headers in arrival order.
    public let headers: [(String, String)]
    /// The body bytes.
    public let body: [UInt8]

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.0.lowercased() == lowered }?.1
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
