import ArgumentParser
import Glibc

/// `counterpart probe`: exits 0 when the local server answers `GET /health` with 200.
///
/// The Docker image's `HEALTHCHECK` runs it, so the runtime image needs no curl.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe", abstract: "Check that a local server answers /health with 200.")

    @Option(help: "Port of the server on 127.0.0.1 (env PORT).")
    var port = Environment.integer("PORT") ?? 8080

    @Option(help: "Give up after this long.")
    var timeout = DurationArgument(.seconds(2))

    func run() throws {
        let status = try HealthProbe(port: port, timeout: timeout.duration).status()
        guard status == 200 else { throw ExitCode(1) }
    }
}

/// One `GET /health` over HTTP/1.0 on loopback, reading only the status line.
struct HealthProbe {
    let port: Int
    let timeout: Duration

    func status() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ValidationError("probe: socket() failed (errno \(errno)).") }
        defer { close(fd) }
        let (seconds, attoseconds) = timeout.components
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ValidationError("probe: nothing listens on 127.0.0.1:\(port).") }
        let request = Array("GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply = [UInt8](repeating: 0, count: 64)
        let received = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard received > 12 else { throw ValidationError("probe: no answer from 127.0.0.1:\(port).") }
        let statusLine = String(decoding: reply[..<received], as: UTF8.self)
        return statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }
}
