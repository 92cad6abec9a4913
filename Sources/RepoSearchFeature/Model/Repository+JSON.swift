public import HTTPKit

/// A repository as GitHub's search API writes it (api.md §3.4): snake_case, GitHub's members and
/// types, URLs built from the base (`A`) and the web URL (`W`).
public struct RepositoryRepresentation: JSONWritable {
    let repository: Repository
    let baseURL: String
    let webURL: String
    let score: Double?

    /// Represents `repository`; `score` is sent by search and left out by `/repos/{owner}/{repo}`.
    public init(_ repository: Repository, baseURL: String, webURL: String = RouteContext.defaultWebURL, score: Double?)
    {
        self.repository = repository
        self.baseURL = baseURL
        self.webURL = webURL
        self.score = score
    }

    public func write(to writer: inout JSONWriter) {
        let repo = repository
        let api = baseURL + "/repos/" + repo.fullName
        let web = webURL + "/" + repo.fullName
        // The web URL's host, without scheme, port or path: https://git.example.org:8443/x -> git.example.org.
        let authority = webURL.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first ?? "example.com"
        let host = authority.split(separator: ":").first.map(String.init) ?? "example.com"
        writer.object { object in
            object.member("id", repo.id)
            object.member("node_id", Base64.encode("010:Repository\(repo.id)"))
            object.member("name", repo.name)
            object.member("full_name", repo.fullName)
            object.member("private", false)
            object.member("owner", OwnerRepresentation(owner: repo.owner, baseURL: baseURL, webURL: webURL))
            object.member("html_url", web)
            object.member("description", repo.description)
            object.member("fork", repo.isFork)
            object.member("url", api)
            for (name, suffix) in Self.urlMembers { object.member(name) { $0.string(api, suffix) { _ in } } }
            object.member("created_at", repo.createdAt)
            object.member("updated_at", repo.updatedAt)
            object.member("pushed_at", repo.pushedAt)
            object.member("git_url", "git://\(host)/\(repo.fullName).git")
            object.member("ssh_url", "git@\(host):\(repo.fullName).git")
            object.member("clone_url", web + ".git")
            object.member("svn_url", web)
            object.member("homepage", repo.homepage)
            object.member("size", repo.size)
            object.member("stargazers_count", repo.stars)
            object.member("watchers_count", repo.stars)
            object.member("language", repo.language)
            object.member("has_issues", true)
            object.member("has_projects", true)
            object.member("has_downloads", true)
            object.member("has_wiki", true)
            object.member("has_pages", false)
            object.member("has_discussions", false)
            object.member("forks_count", repo.forks)
            object.member("mirror_url", nil as String?)
            object.member("archived", repo.isArchived)
            object.member("disabled", false)
            object.member("open_issues_count", repo.openIssues)
            if let license = repo.license {
                object.member("license") { writer in
                    writer.object { object in
                        object.member("key", license.key)
                        object.member("name", license.name)
                        object.member("spdx_id", license.spdxID)
                        object.member("url", baseURL + "/licenses/" + license.key)
                        object.member("node_id", Base64.encode("07:License" + license.key))
                    }
                }
            } else {
                object.member("license") { $0.null() }
            }
            object.member("allow_forking", true)
            object.member("is_template", repo.isTemplate)
            object.member("web_commit_signoff_required", false)
            object.member("topics") { writer in writer.array(repo.topics) { $0.string($1) } }
            object.member("visibility", "public")
            object.member("forks", repo.forks)
            object.member("open_issues", repo.openIssues)
            object.member("watchers", repo.stars)
            object.member("default_branch", repo.defaultBranch)
            if let score { object.member("score") { $0.number(score) } }
        }
    }

    /// The `*_url` members after `url`, in GitHub's order, as suffixes of the repository's API URL.
    static let urlMembers: [(String, String)] = [
        ("forks_url", "/forks"), ("keys_url", "/keys{/key_id}"), ("collaborators_url", "/collaborators{/collaborator}"),
        ("teams_url", "/teams"), ("hooks_url", "/hooks"), ("issue_events_url", "/issues/events{/number}"),
        ("events_url", "/events"), ("assignees_url", "/assignees{/user}"), ("branches_url", "/branches{/branch}"),
        ("tags_url", "/tags"), ("blobs_url", "/git/blobs{/sha}"), ("git_tags_url", "/git/tags{/sha}"),
        ("git_refs_url", "/git/refs{/sha}"), ("trees_url", "/git/trees{/sha}"), ("statuses_url", "/statuses/{sha}"),
        ("languages_url", "/languages"), ("stargazers_url", "/stargazers"), ("contributors_url", "/contributors"),
        ("subscribers_url", "/subscribers"), ("subscription_url", "/subscription"), ("commits_url", "/commits{/sha}"),
        ("git_commits_url", "/git/commits{/sha}"), ("comments_url", "/comments{/number}"),
        ("issue_comment_url", "/issues/comments{/number}"), ("contents_url", "/contents/{+path}"),
        ("compare_url", "/compare/{base}...{head}"), ("merges_url", "/merges"),
        ("archive_url", "/{archive_format}{/ref}"), ("downloads_url", "/downloads"), ("issues_url", "/issues{/number}"),
        ("pulls_url", "/pulls{/number}"), ("milestones_url", "/milestones{/number}"),
        ("notifications_url", "/notifications{?since,all,participating}"), ("labels_url", "/labels{/name}"),
        ("releases_url", "/releases{/id}"), ("deployments_url", "/deployments"),
    ]
}

/// A repository owner as GitHub writes it.
struct OwnerRepresentation: JSONWritable {
    let owner: Owner
    let baseURL: String
    let webURL: String

    func write(to writer: inout JSONWriter) {
        let user = baseURL + "/users/" + owner.login
        writer.object { object in
            object.member("login", owner.login)
            object.member("id", owner.id)
            let kind = owner.isOrganization ? "012:Organization" : "04:User"
            object.member("node_id", Base64.encode(kind + String(owner.id)))
            object.member("avatar_url", baseURL + "/avatars/" + owner.login)
            object.member("gravatar_id", "")
            object.member("url", user)
            object.member("html_url", webURL + "/" + owner.login)
            object.member("followers_url", user + "/followers")
            object.member("following_url", user + "/following{/other_user}")
            object.member("gists_url", user + "/gists{/gist_id}")
            object.member("starred_url", user + "/starred{/owner}{/repo}")
            object.member("subscriptions_url", user + "/subscriptions")
            object.member("organizations_url", user + "/orgs")
            object.member("repos_url", user + "/repos")
            object.member("events_url", user + "/events{/privacy}")
            object.member("received_events_url", user + "/received_events")
            object.member("type", owner.isOrganization ? "Organization" : "User")
            object.member("user_view_type", "public")
            object.member("site_admin", false)
        }
    }
}

/// Standard base64 with padding, for GitHub-style `node_id`s.
enum Base64 {
    static func encode(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for index in 0..<4 {
                output.append(
                    index <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(index)) & 63)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
