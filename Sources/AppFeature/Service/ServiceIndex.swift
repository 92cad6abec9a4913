import HTTPKit

/// The body of `GET /`: the server's name, version and where each domain starts.
struct ServiceIndex: JSONWritable, Equatable {
    /// The version reported by `GET /` and `counterpart --version`.
    static let version = "0.1.0"

    let baseURL: String

    func write(to writer: inout JSONWriter) {
        writer.object { object in
            object.member("name", "Counterpart")
            object.member("version", Self.version)
            object.member("links") { writer in
                writer.object { links in
                    links.member("todos", baseURL + "/todos")
                    links.member("todoBackend", baseURL + "/todo-backend")
                    links.member("repositorySearch", baseURL + "/search/repositories{?q,sort,order,per_page,page}")
                    links.member("newsletter", baseURL + "/newsletter/subscriptions")
                    links.member("emailCheck", baseURL + "/newsletter/email-check{?email}")
                    links.member("pins", baseURL + "/pins{?lat,lon,radius,bbox,limit,category}")
                    links.member("pinClusters", baseURL + "/pins/clusters{?bbox,zoom}")
                    links.member("health", baseURL + "/health")
                    links.member("metrics", baseURL + "/metrics")
                    links.member("openAPI", baseURL + "/openapi.json")
                }
            }
        }
    }
}
