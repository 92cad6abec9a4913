"""`--sqlite-locking` seen from another process — Python's sqlite3, as the `sqlite3` shell or a
database browser would open the file while `serve` runs (issue #14: reads without kernel locks).

By default the file is the server's alone until it stops; `shared` lets another process read it,
and see the server's writes, while it serves. Either way the data is on the file afterwards."""

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import urllib.request

import pytest

from counterpart_server import BINARY, started_server


def create_todo(url: str, description: str) -> dict:
    request = urllib.request.Request(
        url + "/todos",
        data=json.dumps({"description": description}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.load(response)


def descriptions_in(path: str) -> set:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.2) as connection:
        return {row[0] for row in connection.execute("SELECT description FROM todos WHERE sandbox = 'default'")}


@pytest.fixture
def database_path():
    folder = tempfile.mkdtemp(prefix="counterpart-locking-", dir="/tmp")
    yield os.path.join(folder, "counterpart.sqlite")
    shutil.rmtree(folder, ignore_errors=True)


def test_by_default_another_process_is_told_the_file_is_locked_until_the_server_stops(database_path):
    with started_server(database=database_path) as server:
        create_todo(server.url, "written while locked")
        with pytest.raises(sqlite3.OperationalError, match="database is locked"):
            descriptions_in(database_path)
    assert "written while locked" in descriptions_in(database_path)


def test_shared_locking_lets_another_process_read_the_servers_writes_while_it_serves(database_path):
    with started_server("--sqlite-locking", "shared", database=database_path) as server:
        create_todo(server.url, "written while shared")
        assert "written while shared" in descriptions_in(database_path)
    assert "written while shared" in descriptions_in(database_path)


def test_a_file_another_process_holds_open_stops_the_server_with_the_way_out(database_path):
    with started_server(database=database_path):
        pass  # creates, migrates and seeds the file
    # An idle sqlite3 shell keeps a shared lock on a WAL database once it has read it.
    with sqlite3.connect(database_path) as shell:
        shell.execute("SELECT count(*) FROM todos").fetchone()
        result = subprocess.run(
            [str(BINARY), "serve", "--port", "0", "--database", database_path],
            capture_output=True, text=True, timeout=60,
        )
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "another process has it open" in output, output
    assert "--sqlite-locking shared" in output, output
