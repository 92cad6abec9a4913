import Foundation

/// A `postgres://user:password@host:port/database?sslmode=…` address, parsed once at start-up.
///
/// Exists so the password is held in one place and never printed: `description` shows the address
/// with the password masked, which is what logs, errors and `--help` examples use.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// Whether the connection is encrypted and what is checked: libpq's `sslmode`, with libpq's
    /// meaning, so a URL that works with `psql` works here (managed servers' certificates are often
    /// signed by a CA no system trusts: `require` encrypts without checking, as libpq does).
    public enum TLSMode: String, Sendable {
        /// Plain TCP: loopback, or a private network.
        case disable
        /// TLS when the server offers it, plain otherwise, the certificate unchecked (libpq's default).
        case prefer
        /// TLS or no connection, the certificate unchecked (checked against `sslrootcert` if given).
        case require
        /// TLS with a certificate signed by a trusted CA (the system's, or `sslrootcert`).
        case verifyCA = "verify-ca"
        /// As `verify-ca`, and the certificate must name the host.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// `sslrootcert`: a PEM file of the CA certificates to trust instead of the system's.
    public var rootCertificates: String?

    /// Parses `text`; throws a message naming what is wrong (never quoting the password).
    public init(_ text: String) throws(StorageError) {
        guard let parts = URLComponents(string: text), let scheme = parts.scheme,
            scheme == "postgres" || scheme == "postgresql"
        else {
            throw .cannotOpen(
                "--database must look like postgres://user:password@host:5432/database; "
                    + "the value given is not such a URL.")
        }
        guard let host = parts.host, !host.isEmpty else {
            throw .cannotOpen("The PostgreSQL URL names no host: write postgres://user@host:5432/database.")
        }
        guard let username = parts.user, !username.isEmpty else {
            throw .cannotOpen("The PostgreSQL URL names no user: write postgres://user@\(host)/database.")
        }
        self.host = host
        self.port = parts.port ?? 5432
        self.username = username
        self.password = parts.password
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        self.database = path.isEmpty ? username : path
        let mode = parts.queryItems?.first { $0.name == "sslmode" }?.value ?? TLSMode.prefer.rawValue
        guard let tls = TLSMode(rawValue: mode) else {
            throw .cannotOpen(
                "sslmode=\(mode) is not supported; use disable, prefer, require, verify-ca or verify-full.")
        }
        self.tls = tls
        rootCertificates = parts.queryItems?.first { $0.name == "sslrootcert" }?.value
    }

    /// The address with its password masked: safe for logs and error messages.
    public var description: String {
        let credentials = password == nil ? username : "\(username):***"
        return "postgres://\(credentials)@\(host):\(port)/\(database)"
    }

    /// The same server's database `name`: tests and tools create databases beside the one given.
    public func database(_ name: String) -> PostgresURL {
        var url = self
        url.database = name
        return url
    }
}
