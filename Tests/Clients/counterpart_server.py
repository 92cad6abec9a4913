"""Starts the real `counterpart` executable on 127.0.0.1 and an ephemeral port, as a user would.

Shared by the client tests in this folder (pytest fixtures in conftest.py) and by Scripts/fuzz.
"""

import os
import re
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The binary users run: Scripts/serve's embedded release build (Scripts/test sets it the same way).
BINARY = Path(os.environ.get("COUNTERPART_BINARY", ROOT / ".build/release/counterpart"))
# A build with the PostgreSQL trait, for the cluster (Scripts/build-release --postgres).
POSTGRES_BINARY = Path(os.environ.get("COUNTERPART_POSTGRES_BINARY", ROOT / ".build-postgres/release/counterpart"))
# Set by Scripts/test's cluster pass: the tests that take a --dev server run through nginx against
# Scripts/cluster's instances instead (CLUSTER_INSTANCES: their own URLs, space-separated).
CLUSTER_URL = os.environ.get("COUNTERPART_CLUSTER_URL")
CLUSTER_INSTANCES = os.environ.get("COUNTERPART_CLUSTER_INSTANCES", "").split()


class Server:
    """A running `counterpart serve`: its base URL, process, and the lines it has printed so far."""

    def __init__(self, url: str, process: subprocess.Popen, output: list[str]):
        self.url = url
        self.process = process
        self.output = output


@contextmanager
def dev_server():
    """Yields the base URL of a `--dev` server: the cluster's, in the cluster pass, else a fresh
    `counterpart serve --database memory --dev`."""
    if CLUSTER_URL:
        yield CLUSTER_URL
        return
    with running_server("--dev") as url:
        yield url


@contextmanager
def running_server(*arguments: str, timeout: float = 20.0):
    """Yields the base URL of a fresh `counterpart serve --database memory` with `arguments` added;
    stops it (SIGTERM, then SIGKILL) when the block ends."""
    with started_server(*arguments, timeout=timeout) as server:
        yield server.url


@contextmanager
def started_server(*arguments: str, database: str = "memory", timeout: float = 20.0):
    """Yields a `Server` for a fresh `counterpart serve --database DATABASE` with `arguments` added;
    stops it (SIGTERM, then SIGKILL) when the block ends."""
    if not BINARY.exists():
        raise RuntimeError(f"{BINARY} does not exist: build it first (Scripts/build-release --product counterpart).")
    process = subprocess.Popen(
        [str(BINARY), "serve", "--host", "127.0.0.1", "--port", "0", "--database", database, *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + timeout
        printed = []
        port = None
        while port is None:
            line = process.stdout.readline()
            if not line:
                raise RuntimeError("counterpart exited before listening:\n" + "".join(printed))
            printed.append(line)
            match = re.search(r"port=(\d+)", line)
            if match:
                port = int(match.group(1))
            elif time.monotonic() > deadline:
                raise RuntimeError("counterpart did not report its port in time:\n" + "".join(printed))
        # Keep draining its output so a chatty server never blocks on a full pipe.
        threading.Thread(target=lambda: printed.extend(process.stdout), daemon=True).start()
        yield Server(f"http://127.0.0.1:{port}", process, printed)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
