import Glibc

/// A connected socket's peer IP address as text (`127.0.0.1`, `::1`): the key of
/// `--max-connections-per-client`.
enum PeerAddress {
    /// The peer of `fd`, or `unknown` when the socket has none.
    static func of(_ fd: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard found == 0 else { return "unknown" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = Int32(storage.ss_family)
        let converted = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout<sockaddr_storage>.size) { bytes in
                // sin_addr sits 4 bytes in, sin6_addr 8 bytes in.
                inet_ntop(family, bytes + (family == AF_INET6 ? 8 : 4), &text, socklen_t(text.count))
            }
        }
        guard converted != nil else { return "unknown" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
