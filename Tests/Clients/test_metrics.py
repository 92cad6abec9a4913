"""GET /metrics read by Prometheus' own tools: the official Python client's text parser, and
promtool's linter (issue #9). The Swift suite (MetricsLiveTests) checks the values in detail."""

import shutil
import subprocess
import urllib.request

from prometheus_client.parser import text_string_to_metric_families


def get(url: str) -> tuple[int, dict, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def scrape(base_url: str) -> tuple[dict, str]:
    for path in ["/health", "/health", "/todos", "/todos/deadbeef-dead-beef-dead-beefdeadbeef", "/nope",
                 "/search/repositories?q=swift"]:
        get(base_url + path)
    status, headers, text = get(base_url + "/metrics")
    assert status == 200
    assert headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    return {family.name: family for family in text_string_to_metric_families(text)}, text


def samples(family, **labels):
    return [sample for sample in family.samples if all(sample.labels.get(k) == v for k, v in labels.items())]


def test_prometheus_parser_reads_every_family(base_url):
    families, _ = scrape(base_url)
    expected = {
        "counterpart_http_requests": "counter",
        "counterpart_http_request_duration_seconds": "histogram",
        "counterpart_http_requests_in_flight": "gauge",
        "counterpart_effects_cancelled": "counter",
        "counterpart_http_requests_rejected": "counter",
        "counterpart_repository_call_duration_seconds": "histogram",
        "counterpart_response_cache_hits": "counter",
        "counterpart_response_cache_misses": "counter",
    }
    for name, kind in expected.items():
        assert name in families, f"{name} missing from /metrics"
        assert families[name].type == kind, f"{name} is a {families[name].type}, not a {kind}"
        assert families[name].documentation, f"{name} has no HELP text"
    health = samples(families["counterpart_http_requests"], route="/health", method="GET", status="200")
    assert health and health[0].value >= 2
    unmatched = samples(families["counterpart_http_requests"], route="unmatched", status="404")
    assert unmatched and unmatched[0].value >= 1
    routes = {sample.labels["route"] for sample in families["counterpart_http_requests"].samples}
    assert "/todos/{id}" in routes and "/nope" not in routes, "labels are route templates, never raw paths"
    fetches = samples(families["counterpart_repository_call_duration_seconds"], repository="todos",
                      operation="fetch")
    assert any(sample.name.endswith("_count") and sample.value >= 1 for sample in fetches)
    assert {sample.labels["reason"] for sample in families["counterpart_effects_cancelled"].samples} == {
        "client_gone", "deadline", "shutdown"}


def test_plain_text_accept_is_served(base_url):
    request = urllib.request.Request(f"{base_url}/metrics", headers={"Accept": "text/plain"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def test_promtool_finds_nothing_to_lint(base_url):
    promtool = shutil.which("promtool")
    assert promtool, "promtool is missing: Scripts/test installs Debian's prometheus package for it"
    _, text = scrape(base_url)
    result = subprocess.run([promtool, "check", "metrics"], input=text, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
