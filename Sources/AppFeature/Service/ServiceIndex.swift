import HTTPKit

/// The body of `GET /`: the server's name, version, where each domain starts (`Domain.links`) and
/// the service routes.
struct ServiceIndex: JSONWritable, Equatable {
    /// The version reported by `GET /` and `counterpart --version`.
    static let version = "0.1.0"

    let baseURL: String
    let links: [IndexLink]

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("name", "Counterpart")
            object.member("version", Self.version)
            object.member("links") { writer in
                writer.object { links in
                    for link in self.links { links.member(named: link.name) { $0.string(baseURL, link.path) } }
                    links.member("health", baseURL + "/health")
                    links.member("metrics", baseURL + "/metrics")
                    links.member("openAPI", baseURL + "/openapi.json")
                }
            }
        }
    }
}
