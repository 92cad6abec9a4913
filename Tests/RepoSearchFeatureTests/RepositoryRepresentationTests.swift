import Foundation
import HTTPKit
import RepoSearchFeature
import Testing

@Suite("Repository representation")
struct RepositoryRepresentationTests {
    static let links = RepositoryLinks(baseURL: "http://api.local:8080", webURL: "https://git.example.org:8443/web")

    func render(_ repository: Repository, form: RepositoryRepresentation.Form = .searchResult(score: 1.5)) throws
        -> [String: Any]
    {
        var writer = JSONWriter()
        RepositoryRepresentation(repository, links: Self.links, form: form).write(to: &writer)
        return try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
    }

    func decodedNodeID(_ value: Any?) -> String? {
        (value as? String).flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("node ids are GitHub's base64 of type and id, for repositories, owners and every licence")
    func nodeIDs() throws {
        let repositories = RepositorySeed.repositories()
        let licensed = License.all.compactMap { license in repositories.first { $0.license == license } }
        let sample = Array(repositories.prefix(50)) + licensed
        for repository in sample {
            let item = try render(repository)
            #expect(decodedNodeID(item["node_id"]) == "010:Repository\(repository.id)")
            let owner = try #require(item["owner"] as? [String: Any])
            let kind = repository.owner.isOrganization ? "012:Organization" : "04:User"
            #expect(decodedNodeID(owner["node_id"]) == kind + String(repository.owner.id))
            if let license = repository.license {
                let object = try #require(item["license"] as? [String: Any])
                #expect(decodedNodeID(object["node_id"]) == "07:License" + license.key)
                #expect(object["url"] as? String == "http://api.local:8080/licenses/" + license.key)
            }
        }
        #expect(licensed.count == License.all.count)
    }

    @Test("URLs come from the links: API members under the base, web and Git members from the web URL")
    func urls() throws {
        let repository = try #require(RepositorySeed.repositories().first)
        let item = try render(repository)
        let name = repository.fullName
        #expect(item["url"] as? String == "http://api.local:8080/repos/" + name)
        #expect(item["keys_url"] as? String == "http://api.local:8080/repos/\(name)/keys{/key_id}")
        #expect(item["html_url"] as? String == "https://git.example.org:8443/web/" + name)
        #expect(item["git_url"] as? String == "git://git.example.org/\(name).git")
        #expect(item["ssh_url"] as? String == "git@git.example.org:\(name).git")
        #expect(item["clone_url"] as? String == "https://git.example.org:8443/web/\(name).git")
        let owner = try #require(item["owner"] as? [String: Any])
        #expect(
            owner["received_events_url"] as? String
                == "http://api.local:8080/users/\(repository.owner.login)/received_events")
        #expect(owner["avatar_url"] as? String == "http://api.local:8080/avatars/" + repository.owner.login)
        #expect(item["score"] as? Double == 1.5)
        let full = try render(repository, form: .full)
        #expect(full["score"] == nil)
        #expect(full["network_count"] as? Int == repository.forks)
        #expect(full["subscribers_count"] as? Int == repository.stars / 20)
    }
}
