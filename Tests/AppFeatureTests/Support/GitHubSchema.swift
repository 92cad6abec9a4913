import HTTPKit

/// GitHub's published schemas for `GET /search/repositories` and `GET /repos/{owner}/{repo}`
/// (api.github.com, REST description 2022-11-28: the search operation's 200 body,
/// `repo-search-result-item`, `full-repository`, `nullable-simple-user`, `nullable-license-simple`,
/// `search-result-text-matches`, and the 422 `validation-error`), restated
/// as `JSONShape`s so every answer can be checked member by member without a network or a copy of
/// the 12 MB description. A member GitHub marks required must be present; a nullable one may be null.
enum GitHubSchema {
    /// The 200 body.
    static let searchRepositories: JSONShape = .object([
        "total_count": .required(.integer),
        "incomplete_results": .required(.boolean),
        "items": .required(.array(repoSearchResultItem)),
    ])

    /// Every error on a GitHub-compatible route (api.md §3.5): `basic-error`'s members with `status`
    /// a string, `validation-error`'s `errors`, and Counterpart's `instance` — and nothing else
    /// (`envelopeMembers` checks that).
    static let errorEnvelope: JSONShape = .object([
        "message": .required(.string()),
        "errors": .optional(
            .array(
                .object([
                    "resource": .required(.string()),
                    "field": .required(.string()),
                    "code": .required(.string()),
                    "message": .optional(.string()),
                ])
            )
        ),
        "documentation_url": .required(.string(.uri)),
        "status": .required(.string()),
        "instance": .optional(.string()),
    ])

    /// The members of an error body that GitHub's envelope does not have, at any depth.
    static func undocumentedEnvelopeMembers(of body: [String: JSONValue]) -> [String] {
        var found = Set(body.keys).subtracting(errorEnvelope.memberNames).sorted()
        if case .array(let errors)? = body["errors"] {
            let itemMembers: Set = ["resource", "field", "code", "message"]
            for case .object(let error) in errors {
                found += Set(error.keys).subtracting(itemMembers).sorted().map { "errors[]." + $0 }
            }
        }
        return found
    }

    /// The 422 body (`validation-error`).
    static let validationError: JSONShape = .object([
        "message": .required(.string()),
        "documentation_url": .required(.string()),
        "errors": .optional(
            .array(
                .object([
                    "resource": .optional(.string()),
                    "field": .optional(.string()),
                    "message": .optional(.string()),
                    "code": .required(.string()),
                    "index": .optional(.integer),
                ])
            )
        ),
    ])

    /// One search result: 91 documented members, 74 of them required.
    static let repoSearchResultItem: JSONShape = .object(searchResultMembers)

    /// `GET /repos/{owner}/{repo}`: a search result's members without `score` and `text_matches`,
    /// a non-null owner, `has_discussions` required and `has_downloads` not, and members only this
    /// schema has — `network_count` and `subscribers_count` required.
    static let fullRepository: JSONShape = .object(
        searchResultMembers.filter { $0.key != "score" && $0.key != "text_matches" }.merging(
            [
                "owner": .required(owner),
                "has_downloads": .optional(.boolean),
                "has_discussions": .required(.boolean),
                "temp_clone_token": .optional(.nullable(.string())),
                "network_count": .required(.integer),
                "subscribers_count": .required(.integer),
                "organization": .optional(.nullable(owner)),
                "parent": .optional(.object([:])),
                "source": .optional(.object([:])),
                "template_repository": .optional(.nullable(.object([:]))),
                "code_of_conduct": .optional(.object([:])),
                "security_and_analysis": .optional(.nullable(.object([:]))),
                "custom_properties": .optional(.object([:])),
                "allow_update_branch": .optional(.boolean),
                "use_squash_pr_title_as_default": .optional(.boolean),
                "squash_merge_commit_title": .optional(.string()),
                "squash_merge_commit_message": .optional(.string()),
                "merge_commit_title": .optional(.string()),
                "merge_commit_message": .optional(.string()),
                "anonymous_access_enabled": .optional(.boolean),
            ],
            uniquingKeysWith: { $1 }
        )
    )

    private static let searchResultMembers: [String: JSONShape.Member] = [
        "id": .required(.integer),
        "node_id": .required(.string()),
        "name": .required(.string()),
        "full_name": .required(.string()),
        "owner": .required(.nullable(owner)),
        "private": .required(.boolean),
        "html_url": .required(.string(.uri)),
        "description": .required(.nullable(.string())),
        "fork": .required(.boolean),
        "url": .required(.string(.uri)),
        "created_at": .required(.string(.dateTime)),
        "updated_at": .required(.string(.dateTime)),
        "pushed_at": .required(.string(.dateTime)),
        "homepage": .required(.nullable(.string(.uri))),
        "size": .required(.integer),
        "stargazers_count": .required(.integer),
        "watchers_count": .required(.integer),
        "language": .required(.nullable(.string())),
        "forks_count": .required(.integer),
        "open_issues_count": .required(.integer),
        "master_branch": .optional(.string()),
        "default_branch": .required(.string()),
        "score": .required(.number),
        "forks_url": .required(.string(.uri)),
        "keys_url": .required(.string()),
        "collaborators_url": .required(.string()),
        "teams_url": .required(.string(.uri)),
        "hooks_url": .required(.string(.uri)),
        "issue_events_url": .required(.string()),
        "events_url": .required(.string(.uri)),
        "assignees_url": .required(.string()),
        "branches_url": .required(.string()),
        "tags_url": .required(.string(.uri)),
        "blobs_url": .required(.string()),
        "git_tags_url": .required(.string()),
        "git_refs_url": .required(.string()),
        "trees_url": .required(.string()),
        "statuses_url": .required(.string()),
        "languages_url": .required(.string(.uri)),
        "stargazers_url": .required(.string(.uri)),
        "contributors_url": .required(.string(.uri)),
        "subscribers_url": .required(.string(.uri)),
        "subscription_url": .required(.string(.uri)),
        "commits_url": .required(.string()),
        "git_commits_url": .required(.string()),
        "comments_url": .required(.string()),
        "issue_comment_url": .required(.string()),
        "contents_url": .required(.string()),
        "compare_url": .required(.string()),
        "merges_url": .required(.string(.uri)),
        "archive_url": .required(.string()),
        "downloads_url": .required(.string(.uri)),
        "issues_url": .required(.string()),
        "pulls_url": .required(.string()),
        "milestones_url": .required(.string()),
        "notifications_url": .required(.string()),
        "labels_url": .required(.string()),
        "releases_url": .required(.string()),
        "deployments_url": .required(.string(.uri)),
        "git_url": .required(.string()),
        "ssh_url": .required(.string()),
        "clone_url": .required(.string()),
        "svn_url": .required(.string(.uri)),
        "forks": .required(.integer),
        "open_issues": .required(.integer),
        "watchers": .required(.integer),
        "topics": .optional(.array(.string())),
        "mirror_url": .required(.nullable(.string(.uri))),
        "has_issues": .required(.boolean),
        "has_projects": .required(.boolean),
        "has_pages": .required(.boolean),
        "has_wiki": .required(.boolean),
        "has_downloads": .required(.boolean),
        "has_discussions": .optional(.boolean),
        "has_pull_requests": .optional(.boolean),
        "pull_request_creation_policy": .optional(.string()),
        "archived": .required(.boolean),
        "disabled": .required(.boolean),
        "visibility": .optional(.string()),
        "license": .required(.nullable(license)),
        "permissions": .optional(permissions),
        "text_matches": .optional(.array(textMatch)),
        "temp_clone_token": .optional(.string()),
        "allow_merge_commit": .optional(.boolean),
        "allow_squash_merge": .optional(.boolean),
        "allow_rebase_merge": .optional(.boolean),
        "allow_auto_merge": .optional(.boolean),
        "delete_branch_on_merge": .optional(.boolean),
        "allow_forking": .optional(.boolean),
        "is_template": .optional(.boolean),
        "web_commit_signoff_required": .optional(.boolean),
    ]

    /// Members of a repository, its owner or its licence that `schema` does not list, as paths.
    static func undocumentedMembers(of item: [String: JSONValue], in schema: JSONShape = repoSearchResultItem)
        -> [String]
    {
        func extra(_ object: [String: JSONValue], _ shape: JSONShape, _ path: String) -> [String] {
            Set(object.keys).subtracting(shape.memberNames).sorted().map { path + $0 }
        }
        var found = extra(item, schema, "")
        if case .object(let object)? = item["owner"] { found += extra(object, owner, "owner.") }
        if case .object(let object)? = item["license"] { found += extra(object, license, "license.") }
        return found
    }

    private static let owner: JSONShape = .object([
        "name": .optional(.nullable(.string())),
        "email": .optional(.nullable(.string())),
        "login": .required(.string()),
        "id": .required(.integer),
        "node_id": .required(.string()),
        "avatar_url": .required(.string(.uri)),
        "gravatar_id": .required(.nullable(.string())),
        "url": .required(.string(.uri)),
        "html_url": .required(.string(.uri)),
        "followers_url": .required(.string(.uri)),
        "following_url": .required(.string()),
        "gists_url": .required(.string()),
        "starred_url": .required(.string()),
        "subscriptions_url": .required(.string(.uri)),
        "organizations_url": .required(.string(.uri)),
        "repos_url": .required(.string(.uri)),
        "events_url": .required(.string()),
        "received_events_url": .required(.string(.uri)),
        "type": .required(.string()),
        "site_admin": .required(.boolean),
        "starred_at": .optional(.string()),
        "user_view_type": .optional(.string()),
    ])

    private static let license: JSONShape = .object([
        "key": .required(.string()),
        "name": .required(.string()),
        "url": .required(.nullable(.string(.uri))),
        "spdx_id": .required(.nullable(.string())),
        "node_id": .required(.string()),
        "html_url": .optional(.string(.uri)),
    ])

    private static let permissions: JSONShape = .object([
        "admin": .required(.boolean),
        "maintain": .optional(.boolean),
        "push": .required(.boolean),
        "triage": .optional(.boolean),
        "pull": .required(.boolean),
    ])

    private static let textMatch: JSONShape = .object([
        "object_url": .optional(.string()),
        "object_type": .optional(.nullable(.string())),
        "property": .optional(.string()),
        "fragment": .optional(.string()),
        "matches": .optional(.array(.object(["text": .optional(.string()), "indices": .optional(.array(.integer))]))),
    ])
}
