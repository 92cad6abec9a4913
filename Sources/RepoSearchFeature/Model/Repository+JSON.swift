public import HTTPKit

/// The URLs a representation is built from, worked out once per request: the API base (`A`), the
/// web URL (`W`) and the host Git URLs name.
public struct RepositoryLinks: Sendable {
    let baseURL: String
    let webURL: String
    /// `git://host/`, `git@host:` — the web URL's host without scheme, port or path.
    let gitPrefix: String
    let sshPrefix: String

    /// Links under `baseURL` (API) and `webURL` (HTML pages, clones).
    public init(baseURL: String, webURL: String = RouteContext.defaultWebURL) {
        self.baseURL = baseURL
        self.webURL = webURL
        // https://git.example.org:8443/x -> git.example.org
        let authority = webURL.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first ?? "example.com"
        let host = authority.split(separator: ":").first.map(String.init) ?? "example.com"
        gitPrefix = "git://" + host + "/"
        sshPrefix = "git@" + host + ":"
    }
}

/// A repository as GitHub writes it (api.md §3.4): snake_case, GitHub's members and types, URLs
/// built from the request's `RepositoryLinks`.
public struct RepositoryRepresentation: JSONWritable {
    let repository: Repository
    let links: RepositoryLinks
    let form: Form

    /// Which of GitHub's two schemas the representation follows.
    public enum Form: Sendable {
        /// A search result (`repo-search-result-item`): ends with its `score`, and its
        /// `text_matches` when the client asked for them.
        case searchResult(score: Double, textMatches: [TextMatch]? = nil)
        /// `GET /repos/{owner}/{repo}` (`full-repository`): ends with `network_count` and
        /// `subscribers_count`, which GitHub requires there.
        case full
    }

    /// Represents `repository` in `form`.
    public init(_ repository: Repository, links: RepositoryLinks, form: Form) {
        self.repository = repository
        self.links = links
        self.form = form
    }

    public func write(to writer: inout JSONWriter) {
        let repo = repository
        let links = links
        let fullName = repo.fullName
        let api = JSONText(links.baseURL + "/repos/" + fullName)
        writer.object { object in
            object.member("id", repo.id)
            object.member("node_id") { writer in
                let id = String(repo.id)
                writer.quoted(upTo: Base64.encodedCount("010:Repository", id)) {
                    Base64.write("010:Repository", id, into: $0)
                }
            }
            object.member("name", repo.name)
            object.member("full_name", fullName)
            object.member("private", false)
            object.member("owner", OwnerRepresentation(owner: repo.owner, links: links))
            object.member("html_url") { $0.string(links.webURL, "/", fullName) }
            object.member("description", repo.description)
            object.member("fork", repo.isFork)
            object.member("url") { $0.string(api) }
            for (name, suffix) in Self.urlMembers { object.member(name) { $0.string(api, suffix) } }
            object.member("created_at", repo.createdAt)
            object.member("updated_at", repo.updatedAt)
            object.member("pushed_at", repo.pushedAt)
            object.member("git_url") { $0.string(links.gitPrefix, fullName, ".git") }
            object.member("ssh_url") { $0.string(links.sshPrefix, fullName, ".git") }
            object.member("clone_url") { $0.string(links.webURL, "/", fullName, ".git") }
            object.member("svn_url") { $0.string(links.webURL, "/", fullName) }
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
                        object.member("url") { $0.string(links.baseURL, "/licenses/", license.key) }
                        object.member("node_id") { writer in
                            writer.quoted(upTo: Base64.encodedCount("07:License", license.key)) {
                                Base64.write("07:License", license.key, into: $0)
                            }
                        }
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
            switch form {
            case .searchResult(let score, let textMatches):
                object.member("score") { $0.fractionalNumber(score) }
                if let textMatches {
                    object.member("text_matches") { writer in
                        writer.array(textMatches) { writer, match in match.write(to: &writer, objectURL: api) }
                    }
                }
            case .full:
                // The seed has no fork network or watcher list: every fork is in the network, and
                // one stargazer in twenty watches (GitHub's usual order of magnitude).
                object.member("network_count", repo.forks)
                object.member("subscribers_count", repo.stars / 20)
            }
        }
    }

    /// The `*_url` members after `url`, in GitHub's order, as suffixes of the repository's API URL.
    static let urlMembers: [(StaticString, StaticString)] = [
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
    let links: RepositoryLinks

    func write(to writer: inout JSONWriter) {
        let user = JSONText(links.baseURL + "/users/" + owner.login)
        writer.object { object in
            object.member("login", owner.login)
            object.member("id", owner.id)
            let kind = owner.isOrganization ? "012:Organization" : "04:User"
            object.member("node_id") { writer in
                let id = String(owner.id)
                writer.quoted(upTo: Base64.encodedCount(kind, id)) { Base64.write(kind, id, into: $0) }
            }
            object.member("avatar_url") { $0.string(links.baseURL, "/avatars/", owner.login) }
            object.member("gravatar_id", "")
            object.member("url") { $0.string(user) }
            object.member("html_url") { $0.string(links.webURL, "/", owner.login) }
            for (name, suffix) in Self.urlMembers { object.member(name) { $0.string(user, suffix) } }
            object.member("type", owner.isOrganization ? "Organization" : "User")
            object.member("user_view_type", "public")
            object.member("site_admin", false)
        }
    }

    /// The `*_url` members after `html_url`, in GitHub's order, as suffixes of the user's API URL.
    static let urlMembers: [(StaticString, StaticString)] = [
        ("followers_url", "/followers"), ("following_url", "/following{/other_user}"),
        ("gists_url", "/gists{/gist_id}"), ("starred_url", "/starred{/owner}{/repo}"),
        ("subscriptions_url", "/subscriptions"), ("organizations_url", "/orgs"), ("repos_url", "/repos"),
        ("events_url", "/events{/privacy}"), ("received_events_url", "/received_events"),
    ]
}
