"""GET /todos/events read by a server-sent events client nobody here wrote (sseclient-py, over
requests' streamed body), and its chunked framing checked by h11, the reference HTTP/1.1 parser
(issue #40). One instance of its own, on SQLite; test_cluster.py reads the stream across instances."""

import json
import socket
import threading

import h11
import pytest
import requests
import sseclient

from counterpart_server import running_server


@pytest.fixture(scope="module")
def server_url():
    with running_server("--event-heartbeat", "1s") as url:
        yield url


def events(url: str, last_event_id: str | None = None):
    """A live subscription: the response (to close) and its events, heartbeats skipped."""
    headers = {"Accept": "text/event-stream"}
    if last_event_id:
        headers["Last-Event-ID"] = last_event_id
    response = requests.get(url + "/todos/events", headers=headers, stream=True, timeout=10)
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/event-stream"
    return response, sseclient.SSEClient(response).events()


def post(url: str, description: str) -> dict:
    answer = requests.post(url + "/todos", json={"description": description}, timeout=10)
    assert answer.status_code == 201
    return answer.json()


def next_data(stream) -> tuple[str, dict]:
    event = next(stream)
    return event.id, json.loads(event.data)


def test_a_write_arrives_as_one_event_with_the_todo_as_answered(server_url):
    response, stream = events(server_url)
    created = post(server_url, "Milk")
    event_id, data = next_data(stream)
    assert data == {"type": "created", "todo": created}
    assert event_id and "-" in event_id
    response.close()


def test_last_event_id_resumes_with_what_was_missed(server_url):
    response, stream = events(server_url)
    post(server_url, "One")
    seen, _ = next_data(stream)
    response.close()
    post(server_url, "Two")
    post(server_url, "Three")
    response, stream = events(server_url, last_event_id=seen)
    missed = [next_data(stream)[1]["todo"]["description"] for _ in range(2)]
    assert missed == ["Two", "Three"]
    response.close()


def test_the_stream_is_chunked_as_h11_reads_it_and_heartbeats_keep_it_alive(server_url):
    host, port = server_url.removeprefix("http://").split(":")
    connection = h11.Connection(h11.CLIENT)
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(connection.send(h11.Request(
            method="GET", target="/todos/events", headers=[("Host", host), ("Accept", "text/event-stream")])))
        body = b""
        head = None
        while b": heartbeat" not in body:
            connection.receive_data(sock.recv(65536))
            while (event := connection.next_event()) not in (h11.NEED_DATA, h11.PAUSED):
                if isinstance(event, h11.Response):
                    head = event
                elif isinstance(event, h11.Data):
                    body += event.data
        assert head.status_code == 200
        assert (b"transfer-encoding", b"chunked") in head.headers
        assert body.startswith(b"retry: 2000\n\n")
