"""An unexpected error — one no request can cause and no reducer expects — answers 500 without
internals, and is logged once, at error level, under the request id the 500 names (api.md §1.1:
"it has been logged under its request id")."""

import json
import sqlite3
import time
import urllib.error
import urllib.request

from counterpart_server import started_server


def test_an_unexpected_error_is_logged_once_under_its_request_id(tmp_path):
    database = tmp_path / "counterpart.sqlite"
    with started_server(database=str(database)):
        pass
    # The table gone behind the migrations' back: SQLite answers "no such table", which the
    # repository can only report as RepositoryError.unknown.
    connection = sqlite3.connect(database)
    connection.execute("DROP TABLE todos")
    connection.close()
    with started_server(database=str(database)) as server:
        request = urllib.request.Request(
            server.url + "/todos",
            data=json.dumps({"description": "Buy milk"}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("a write to a dropped table succeeded")
        except urllib.error.HTTPError as error:
            answer = error
        body = answer.read().decode()
        assert answer.status == 500, body
        assert "no such table" not in body, "the 500 shows internals"
        request_id = answer.headers["X-Request-Id"]

        deadline = time.monotonic() + 5
        lines = []
        while time.monotonic() < deadline and not lines:
            lines = [line for line in list(server.output) if request_id in line and "no such table" in line]
            time.sleep(0.05)
        time.sleep(0.2)
        lines = [line for line in list(server.output) if request_id in line]
        assert len(lines) == 1, f"expected one log line naming {request_id} and the error:\n{''.join(server.output)}"
        # swift-log's stream handler writes "<time> <level> <label>: <metadata> <message>".
        assert " error counterpart.errors:" in lines[0], lines[0]
        assert "POST" in lines[0] and "/todos" in lines[0], lines[0]
        assert sum("no such table" in line for line in list(server.output)) == 1, "the error is logged once"
