"""The HTTP/1.1 corpus over a real socket: each case's bytes go to the server as a client would
send them, and what comes back — how many requests were served, and whether the connection ended
in a refusal — is held against strict llhttp's parse of the same bytes (Tests/HTTPCorpus).

The rule that matters behind a proxy: the server never serves a request beyond those strict llhttp
completes. Serving fewer than both references is a decision, listed in deliberate_refusals.json; what each parser
makes of a message's method, target and body is compared in-process by `HTTPWireTests`.
"""

from __future__ import annotations

import json
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from counterpart_server import running_server

CORPUS = Path(__file__).resolve().parents[1] / "HTTPCorpus"
CASES = json.loads((CORPUS / "references.json").read_text())["cases"]
DELIBERATE = json.loads((CORPUS / "deliberate_refusals.json").read_text())
# The statuses the HTTP layer refuses with, always closing: a refusal is never a served request.
REFUSALS = {400, 408, 413, 431, 501, 505}
QUIET = 0.4


@pytest.fixture(scope="module")
def port():
    with running_server("--max-connections-per-client", "1000") as url:
        yield urlsplit(url).port


def exchange(port: int, data: bytes) -> bytes:
    """Sends `data`, then reads until the server closes or is quiet for `QUIET` seconds."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        sock.settimeout(QUIET)
        received = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                return received
            except ConnectionResetError:
                return received
            if not chunk:
                return received
            received += chunk


def answers(received: bytes, methods: list[str]) -> list[tuple[int, dict[str, str]]]:
    """The final answers in `received` (interim 1xx left out): status and lower-cased fields."""
    found = []
    while received:
        end = received.find(b"\r\n\r\n")
        assert end >= 0, f"an answer's head is incomplete: {received[:200]!r}"
        lines = received[:end].decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        fields = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        received = received[end + 4 :]
        if 100 <= status < 200:
            continue
        method = methods[len(found)] if len(found) < len(methods) else "GET"
        if method != "HEAD":
            received = received[int(fields.get("content-length", "0")) :]
        found.append((status, fields))
    return found


def served(case: dict, port: int) -> tuple[int, bool]:
    """How many requests of `case` the server answered, and whether it ended in a refusal."""
    methods = [message["method"] for message in case["llhttp"]["messages"]]
    found = answers(exchange(port, case["bytes"].encode("latin-1")), methods)
    refused = bool(found) and found[-1][0] in REFUSALS and found[-1][1].get("connection") == "close"
    return len(found) - (1 if refused else 0), refused


def test_never_serves_beyond_strict_llhttp(port):
    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(lambda case: served(case, port), CASES))
    beyond, stricter = [], []
    for case, (count, refused) in zip(CASES, results):
        completed = len(case["llhttp"]["messages"])
        if count > completed:
            beyond.append(f"{case['name']}: served {count}, strict llhttp completes {completed} ({case['llhttp']['end']})")
        elif count < completed and count < len(case["h11"]["messages"]):
            stricter.append(case["name"])
    # Refusing what both references accept is a decision (Documentation/http-and-limits.md); each one
    # is listed, with its reason, in deliberate_refusals.json.
    refused = set(stricter)
    listed = {entry["case"] for entry in DELIBERATE["cases"]}
    assert refused == listed, (
        f"refused though both references read it, and not in deliberate_refusals.json: {sorted(refused - listed)}; "
        f"listed there but no longer refused: {sorted(listed - refused)}")
    assert not beyond, "served beyond strict llhttp (request smuggling class):\n" + "\n".join(beyond)


def test_a_served_follow_up_is_answered_as_health(port):
    """Where the gadget's pipelined `GET /health` is served, it gets /health's own answer."""
    gadgets = [case for case in CASES if case["name"].startswith("gadget/")]
    checked = 0
    for case in gadgets:
        messages = case["llhttp"]["messages"]
        if not messages or messages[-1]["target"] != "/health":
            continue
        methods = [message["method"] for message in messages]
        found = answers(exchange(port, case["bytes"].encode("latin-1")), methods)
        if len(found) == len(messages) and found[-1][0] not in REFUSALS:
            assert found[-1][0] == 200, f"{case['name']}: the follow-up got {found[-1][0]}"
            checked += 1
    assert checked >= 50, f"only {checked} follow-ups were served: the corpus lost its point"
