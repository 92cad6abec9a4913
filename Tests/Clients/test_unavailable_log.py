"""A database that does not answer makes requests 503 `unavailable` with `Retry-After`, which tell
the client only to retry; why is for the operator: the log names the cause — SQLite's own message
here, a PostgreSQL deadline's option elsewhere — as a warning, throttled to one line every 10 s
that counts the 503s it stands for, since an outage fails every request."""

import json
import sqlite3
import threading
import time
import urllib.error
import urllib.request

from counterpart_server import started_server


def post_todo(url: str, answers: list) -> None:
    request = urllib.request.Request(
        url + "/todos",
        data=json.dumps({"description": "Buy milk"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answers.append((response.status, dict(response.headers), response.read().decode()))
    except urllib.error.HTTPError as error:
        answers.append((error.status, dict(error.headers), error.read().decode()))


def warnings_in(output: list) -> list:
    # swift-log's stream handler writes "<time> <level> <label>: <metadata> <message>".
    return [line for line in list(output) if " warning counterpart.errors:" in line]


def test_a_locked_database_answers_503_and_the_log_says_why_once_per_interval(tmp_path):
    database = tmp_path / "counterpart.sqlite"
    with started_server("--sqlite-locking", "shared", database=str(database)) as server:
        # Another process holds the write lock past the server's 5 s busy wait.
        holder = sqlite3.connect(database, timeout=1, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            answers = []
            writers = [threading.Thread(target=post_todo, args=(server.url, answers)) for _ in range(3)]
            for writer in writers:
                writer.start()
            for writer in writers:
                writer.join(timeout=60)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        time.sleep(0.3)
        output = "".join(server.output)
        assert [status for status, _, _ in answers] == [503, 503, 503], answers
        for _, headers, body in answers:
            assert headers.get("Retry-After") == "1", headers
            problem = json.loads(body)
            assert problem["type"] == "urn:counterpart:problem:unavailable", problem
            assert "locked" not in body, f"the 503 shows internals: {body}"
        warnings = warnings_in(server.output)
        assert len(warnings) == 1, f"expected one throttled warning for three 503s:\n{output}"
        assert "database is locked" in warnings[0], warnings[0]
        assert "unlogged_since_last=0" in warnings[0], warnings[0]
        assert "POST" in warnings[0] and "/todos" in warnings[0], warnings[0]
        assert " error counterpart.errors:" not in output, f"a 503 was logged as an unexpected error:\n{output}"

        # Once the lock is gone the same request succeeds: nothing was left half-written.
        answers = []
        post_todo(server.url, answers)
        assert answers[0][0] == 201, answers
