#if PostgreSQL
import Storage

extension PostgresURL {
    /// The URL as `--database` takes it, password and all (`description` masks the password).
    var argument: String {
        let credentials = password.map { "\(username):\($0)" } ?? username
        return "postgres://\(credentials)@\(host):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }
}
#endif
