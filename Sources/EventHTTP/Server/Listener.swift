import CLibevent
import Glibc

/// A `SO_REUSEPORT` listening socket bound for one loop (architecture.md §2.2).
///
/// Each loop gets its own listener on the same port and the kernel balances connections between
/// them, each handing its accepted sockets to `HTTPConnection`. The backlog is `--backlog`.
/// `TCP_NODELAY` is set on the listening socket; Linux copies it to every accepted connection.
struct Listener {
    let listener: OpaquePointer
    let port: Int

    static func bind(base: OpaquePointer, host: String, port: Int, backlog: Int) throws(EventHTTPError) -> Listener {
        var storage = sockaddr_storage()
        let length = try socketAddress(host: host, port: port, into: &storage)
        let flags = LEV_OPT_REUSEABLE | LEV_OPT_REUSEABLE_PORT | LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC
        let listener = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                evconnlistener_new_bind(base, nil, nil, UInt32(flags), Int32(backlog), address, Int32(length))
            }
        }
        guard let listener else {
            let reason = String(cString: strerror(errno))
            throw .bind(
                "Cannot listen on \(host):\(port): \(reason). Choose another --port or stop the process using it.")
        }
        let fd = evconnlistener_get_fd(listener)
        var enabled: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
        return Listener(listener: listener, port: boundPort(of: fd) ?? port)
    }

    private static func socketAddress(host: String, port: Int, into storage: inout sockaddr_storage)
        throws(EventHTTPError) -> Int
    {
        let name = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, name, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: v4) { target.copyMemory(from: $0) } }
            return MemoryLayout<sockaddr_in>.size
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, name, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: v6) { target.copyMemory(from: $0) } }
            return MemoryLayout<sockaddr_in6>.size
        }
        throw .bind("--host \(host) is not an IPv4 or IPv6 address (use 127.0.0.1, 0.0.0.0 or ::).")
    }

    private static func boundPort(of fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return withUnsafeBytes(of: storage) { bytes in
            // sin_port and sin6_port share the same offset, right after the family.
            Int(UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self)))
        }
    }
}
