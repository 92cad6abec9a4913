"""PyGithub, GitHub's own Python client from PyPI, pointed at Counterpart by its base URL only:
search, paging over Link, get_repo, and its exceptions for 404, 422 and 429 (issue #9, api.md §3)."""

import pytest
from github import Github, GithubException, UnknownObjectException


def client(base_url: str) -> Github:
    # retry=None: PyGithub's default retry sleeps through rate limits; the test wants the 429.
    return Github(base_url=base_url, per_page=100, retry=None, timeout=10)


def test_search_reads_items_and_scores(base_url):
    results = client(base_url).search_repositories("composable architecture")
    first = results[0]
    assert first.full_name == "pointlabs/swift-composable-architecture"
    assert first.score == pytest.approx(50.915)
    assert first.stargazers_count == 12345
    assert first.owner.login == "pointlabs"
    assert first.license.spdx_id == "MIT"
    assert first.topics == ["architecture", "swift", "tca"]
    assert results.totalCount >= 1


def test_whole_number_scores_read_as_floats(base_url):
    # A qualifier-only query scores exactly 1.0 for a repository without stars; PyGithub rejects `1`.
    repositories = client(base_url).search_repositories("stars:0")
    scores = [repository.score for repository in repositories.get_page(0)]
    assert scores and all(isinstance(score, float) for score in scores)
    assert 1.0 in scores


def test_paging_follows_link_to_the_window(base_url):
    github = client(base_url)
    results = github.search_repositories("stars:>=0", sort="stars", order="desc")
    assert results.totalCount == 1000, "PyGithub caps a search's total at the window, as GitHub's is"
    names = [repository.full_name for repository in results]
    assert len(names) == 1000, "PyGithub follows Link rel=next up to GitHub's 1,000-result window"
    assert len(set(names)) == 1000
    stars = [repository.stargazers_count for repository in results.get_page(0)]
    assert stars == sorted(stars, reverse=True)


def test_get_repo(base_url):
    repository = client(base_url).get_repo("pointlabs/swift-composable-architecture")
    assert repository.id == 1000042
    assert repository.full_name == "pointlabs/swift-composable-architecture"
    assert repository.default_branch in ("main", "master")
    assert repository.created_at.year == 2019


def test_unknown_repository_is_unknown_object_exception(base_url):
    with pytest.raises(UnknownObjectException) as raised:
        client(base_url).get_repo("nobody/nothing")
    assert raised.value.status == 404
    assert raised.value.data["message"] == "Not Found"
    assert raised.value.data["status"] == "404"


def test_validation_failure_carries_githubs_message(base_url):
    with pytest.raises(GithubException) as raised:
        client(base_url).search_repositories("stars:lots").totalCount
    assert raised.value.status == 422
    assert raised.value.data["message"] == "Validation Failed"
    assert raised.value.data["errors"][0]["field"] == "q"
    assert raised.value.data["errors"][0]["code"] == "invalid"
    assert raised.value.message == "Validation Failed"


def test_beyond_the_window_is_githubs_422(base_url):
    with pytest.raises(GithubException) as raised:
        client(base_url).search_repositories("stars:>=0").get_page(10)
    assert raised.value.status == 422
    assert raised.value.message == "Only the first 1000 search results are available"


def test_rate_limit_is_429_with_githubs_message(limited_base_url):
    github = client(limited_base_url)
    github.search_repositories("swift").totalCount
    github.search_repositories("go").totalCount
    with pytest.raises(GithubException) as raised:
        github.search_repositories("rust").totalCount
    assert raised.value.status == 429
    assert raised.value.message == "API rate limit exceeded for 127.0.0.1."
    assert 1 <= int(raised.value.headers["retry-after"]) <= 60
    assert raised.value.headers["x-ratelimit-remaining"] == "0"
