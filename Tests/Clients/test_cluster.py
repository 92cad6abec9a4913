"""The scale-out profile as Scripts/cluster starts it (issue #16): PostgreSQL, three instances and
nginx in front. Every domain answers through nginx; and the promises that only hold if the
instances share their state are tried on purpose across instances: one winner per ETag, an
Idempotency-Key replayed elsewhere, fail=N counted across the cluster, a write seen by another
instance's cached read. The standard library is the client, and sseclient-py (over requests) reads
the event streams."""

import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
import sseclient

from counterpart_server import POSTGRES_BINARY, ROOT


@pytest.fixture(scope="module")
def cluster():
    """Starts Scripts/cluster on free ports; yields (nginx URL, [instance URLs]); stops it all.
    With COUNTERPART_CLUSTER_URL and COUNTERPART_CLUSTER_INSTANCES (space-separated) set, uses that
    cluster instead: Scripts/check-compose points these tests at compose.yaml's."""
    if external := os.environ.get("COUNTERPART_CLUSTER_URL"):
        yield external, os.environ["COUNTERPART_CLUSTER_INSTANCES"].split()
        return
    if not POSTGRES_BINARY.exists():
        raise RuntimeError(
            f"{POSTGRES_BINARY} does not exist: build it first (Scripts/build-release --postgres --product counterpart).")
    process = subprocess.Popen(
        [str(ROOT / "Scripts/cluster"), "--port", "0", "--binary", str(POSTGRES_BINARY)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    printed = []
    url, instances = None, []
    try:
        for line in process.stdout:
            printed.append(line)
            if match := re.match(r"Counterpart cluster: (\S+)", line):
                url = match.group(1)
            elif line.strip().startswith("instances:"):
                instances = line.split(":", 1)[1].split()
            elif line.startswith("Ctrl-C stops it."):
                break
        if url is None or len(instances) != 3:
            raise RuntimeError("Scripts/cluster did not start:\n" + "".join(printed))
        drain = threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True)
        drain.start()
        yield url, instances
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise


def call(method, url, body=None, headers=None):
    """(status, headers, parsed JSON or raw bytes)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, answer_headers, raw = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, raw = error.code, error.headers, error.read()
    content_type = answer_headers.get("Content-Type", "")
    return status, answer_headers, json.loads(raw) if raw and "json" in content_type else raw


def test_every_domain_answers_through_nginx(cluster):
    url, _ = cluster
    status, headers, created = call("POST", f"{url}/todos", {"description": "through nginx"})
    assert status == 201, created
    assert headers["Location"].startswith(url + "/todos/"), "absolute URLs name nginx, not an instance"
    status, _, todo = call("PATCH", headers["Location"], {"isComplete": True})
    assert status == 200 and todo["isComplete"] is True
    status, _, todos = call("GET", f"{url}/todos")
    assert status == 200 and any(item["id"] == created["id"] for item in todos)
    assert call("DELETE", headers["Location"])[0] == 204

    status, _, found = call("GET", f"{url}/search/repositories?q=swift&per_page=3")
    assert status == 200 and found["total_count"] > 0 and len(found["items"]) == 3
    owner, name = found["items"][0]["full_name"].split("/")
    status, _, repository = call("GET", f"{url}/repos/{owner}/{name}")
    assert status == 200 and repository["full_name"] == f"{owner}/{name}"

    address = "cluster.reader@example.com"
    assert call("POST", f"{url}/newsletter/subscriptions", {"email": address})[0] == 202
    status, _, mails = call("GET", f"{url}/__admin/outbox?" + urllib.parse.urlencode({"to": address}))
    assert status == 200 and mails and mails[0]["kind"] == "confirmation", "the mail, whichever instance sent it"
    token = urllib.parse.parse_qs(urllib.parse.urlparse(mails[0]["links"]["confirm"]).query)["token"][0]
    status, _, confirmed = call("POST", f"{url}/newsletter/confirmations", {"token": token})
    assert status == 200 and confirmed["status"] == "confirmed", confirmed

    status, _, pins = call("GET", f"{url}/pins?lat=35.6812&lon=139.7671&radius=3000&limit=5")
    assert status == 200 and len(pins) == 5
    status, _, clusters = call("GET", f"{url}/pins/clusters?bbox=139.5,35.5,140,35.9&zoom=10")
    assert status == 200 and clusters, clusters

    status, _, own = call("POST", f"{url}/sandboxes/cluster-ui-1/todos", {"description": "mine only"})
    assert status == 201 and own["url"].startswith(f"{url}/sandboxes/cluster-ui-1/todos/")
    status, _, default_todos = call("GET", f"{url}/todos")
    assert all(item["description"] != "mine only" for item in default_todos)


def test_concurrent_if_match_patches_have_one_winner_per_etag(cluster):
    url, _ = cluster
    status, headers, _ = call("POST", f"{url}/todos", {"description": "contended"})
    assert status == 201
    location = headers["Location"]
    for generation in range(2):
        etag = call("GET", location)[1]["ETag"]

        def patch(attempt):
            return call("PATCH", location, {"description": f"generation {generation} attempt {attempt}"},
                        {"If-Match": etag})[0]

        with ThreadPoolExecutor(max_workers=50) as pool:
            statuses = list(pool.map(patch, range(200)))
        assert statuses.count(200) == 1, f"generation {generation}: {sorted(set(statuses))}"
        assert statuses.count(412) == 199


def test_idempotency_key_replays_on_another_instance(cluster):
    _, instances = cluster
    key = {"Idempotency-Key": "cluster-replay-1"}
    status, _, first = call("POST", f"{instances[0]}/todos", {"description": "once"}, key)
    assert status == 201
    for instance in instances[1:]:
        status, headers, again = call("POST", f"{instance}/todos", {"description": "once"}, key)
        assert status == 201 and headers["Idempotent-Replayed"] == "true" and again["id"] == first["id"]


def test_fail_n_counts_across_instances(cluster):
    _, instances = cluster
    prefer = {"Prefer": "fail=2, scenario=cluster-fail"}
    statuses = [call("GET", f"{instance}/todos", headers=prefer)[0] for instance in instances]
    assert statuses == [503, 503, 200]


def test_a_write_through_one_instance_is_seen_by_anothers_cached_read(cluster):
    a, b = cluster[1][0], cluster[1][1]
    status, headers, created = call("POST", f"{a}/todos", {"description": "before"})
    path = urllib.parse.urlparse(headers["Location"]).path
    for _ in range(2):  # the second read is answered from B's response cache
        assert call("GET", f"{b}{path}")[2]["description"] == "before"
    assert call("PATCH", f"{a}{path}", {"description": "after"})[0] == 200
    assert call("GET", f"{b}{path}")[2]["description"] == "after"


def test_the_journal_shows_every_instances_requests(cluster):
    _, instances = cluster
    path = f"/todos/{uuid.uuid4()}"
    assert call("GET", instances[0] + path)[0] == 404
    for _ in range(50):
        status, _, entries = call("GET", f"{instances[1]}/__admin/requests?limit=100")
        assert status == 200
        if any(entry["path"] == path and entry["status"] == 404 for entry in entries):
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"{path}, answered by one instance, never showed in another's journal")


def test_a_rate_limit_is_one_allowance_across_instances(cluster):
    _, instances = cluster
    address = f"limited.{uuid.uuid4().hex[:12]}@example.com"
    statuses = [call("POST", f"{instances[attempt % 3]}/newsletter/subscriptions", {"email": address})[0]
                for attempt in range(10)]
    assert statuses == [202] * 10, statuses
    status, headers, problem = call("POST", f"{instances[1]}/newsletter/subscriptions", {"email": address})
    assert status == 429 and int(headers["Retry-After"]) > 0, (status, problem)
    assert problem["type"].endswith("rate-limited")


def test_a_replayed_problem_keeps_its_body_on_another_instance(cluster):
    _, instances = cluster
    key = {"Idempotency-Key": f"cluster-problem-{uuid.uuid4()}"}
    status, headers, first = call("POST", f"{instances[0]}/todos", {"description": 5}, key)
    assert status == 422 and first["type"].endswith("validation-failed"), first
    status, headers, again = call("POST", f"{instances[2]}/todos", {"description": 5}, key)
    assert status == 422 and headers["Idempotent-Replayed"] == "true"
    assert headers["Content-Type"].startswith("application/problem+json")
    assert again["detail"] == first["detail"] and again["errors"] == first["errors"], again


def test_a_sandbox_deleted_through_one_instance_starts_over_on_every_other(cluster):
    _, instances = cluster
    name = f"cluster-{uuid.uuid4().hex[:12]}"
    status, _, mine = call("POST", f"{instances[0]}/sandboxes/{name}/todos", {"description": "before the drop"})
    assert status == 201
    for instance in instances[1:]:
        descriptions = [todo["description"] for todo in call("GET", f"{instance}/sandboxes/{name}/todos")[2]]
        assert "before the drop" in descriptions, "every instance uses the one sandbox"
    assert call("DELETE", f"{instances[2]}/sandboxes/{name}")[0] == 204
    for instance in instances:
        status, _, todos = call("GET", f"{instance}/sandboxes/{name}/todos")
        assert status == 200 and len(todos) == 4, f"{instance}: {todos}"
        assert all(todo["description"] != "before the drop" for todo in todos)
    assert call("DELETE", f"{instances[1]}/sandboxes/{name}")[0] == 204
    assert call("DELETE", f"{instances[0]}/sandboxes/{name}")[0] == 404


def test_text_holding_nul_is_422_not_a_database_error(cluster):
    url, _ = cluster
    for path, body in [("/todos", {"description": "a\u0000b"}),
                       ("/newsletter/subscriptions", {"email": "nul.name@example.com", "name": "a\u0000b"})]:
        status, _, problem = call("POST", url + path, body)
        assert status == 422, (path, status, problem)
        assert problem["errors"][0]["code"] == "invalid" and "U+0000" in problem["errors"][0]["detail"]


def subscribe(base: str, last_event_id: str | None = None):
    """GET {base}/todos/events as sseclient-py reads it: (the response, its events)."""
    headers = {"Accept": "text/event-stream"}
    if last_event_id:
        headers["Last-Event-ID"] = last_event_id
    response = requests.get(base + "/todos/events", headers=headers, stream=True, timeout=20)
    assert response.status_code == 200 and response.headers["Content-Type"] == "text/event-stream"
    return response, sseclient.SSEClient(response).events()


def test_a_write_through_one_instance_streams_to_every_other_and_resumes_on_any(cluster):
    """Issue #40, item 3: subscribers of every instance, and one through nginx, get a write made
    through another; a client that comes back to a third instance with Last-Event-ID gets what it
    missed, from the history every instance shares."""
    url, instances = cluster
    sandbox = f"/sandboxes/stream-{uuid.uuid4().hex[:12]}"
    assert call("GET", url + sandbox + "/todos")[0] == 200, "made once, before the subscribers race to"
    subscriptions = [(base, *subscribe(base + sandbox)) for base in [url, *instances]]
    status, _, created = call("POST", instances[1] + sandbox + "/todos", {"description": "Milk"})
    assert status == 201
    seen = None
    for base, response, stream in subscriptions:
        event = next(stream)
        data = json.loads(event.data)
        assert data["type"] == "created" and data["todo"]["id"] == created["id"], (base, data)
        assert data["todo"]["url"] == f"{base}{sandbox}/todos/{created['id']}", "the subscriber's own URLs"
        seen = seen or event.id
        assert event.id == seen, "one id for one event, whichever instance tells it"
        response.close()
    for description in ["Two", "Three"]:
        assert call("POST", instances[0] + sandbox + "/todos", {"description": description})[0] == 201
    response, stream = subscribe(instances[2] + sandbox, last_event_id=seen)
    missed = [json.loads(next(stream).data)["todo"]["description"] for _ in range(2)]
    assert missed == ["Two", "Three"]
    response.close()
