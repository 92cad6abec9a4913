"""Slow and greedy clients against the real server (#13): heads that trickle in are cut at
--header-timeout with a 408, connections over --max-connections-per-client are answered 503, and
/health, asked from another loopback address all the while, is answered every time."""

import socket
import time
from urllib.parse import urlsplit

from counterpart_server import running_server

HEALTH = b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"


def port_of(url: str) -> int:
    return urlsplit(url).port


def read_until_closed(sock: socket.socket, timeout: float = 10.0) -> bytes:
    sock.settimeout(timeout)
    data = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk


def health_status(port: int, source: str = "127.0.0.2") -> int:
    """/health's status, asked from `source` so the per-client limit on 127.0.0.1 does not apply."""
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
        sock.sendall(HEALTH)
        return int(read_until_closed(sock).split(b" ", 2)[1])


def test_trickling_heads_get_408_while_health_answers():
    with running_server("--header-timeout", "1s", "--max-connections-per-client", "1000") as url:
        port = port_of(url)
        request = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200 + b"\r\n\r\n"
        clients = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(300)]
        for client in clients:
            client.setblocking(False)
        answers: dict[int, bytes] = {}
        health: list[int] = []
        started = time.monotonic()
        sent = 0
        while len(answers) < len(clients) and time.monotonic() - started < 30:
            for index, client in enumerate(clients):
                if index in answers:
                    continue
                try:
                    client.send(request[sent:sent + 1])
                    chunk = client.recv(4096)
                    if chunk:
                        answers[index] = chunk
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
            sent += 1
            health.append(health_status(port))
            time.sleep(0.2)
        for client in clients:
            client.close()
        assert len(answers) == len(clients), f"{len(clients) - len(answers)} trickling clients were never cut"
        assert all(answer.startswith(b"HTTP/1.1 408 ") for answer in answers.values())
        assert b"urn:counterpart:problem:request-timeout" in next(iter(answers.values()))
        assert sent < len(request), "the heads must still have been incomplete when cut"
        assert health and all(status == 200 for status in health), health


KEEP_ALIVE_HEALTH = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"


def answered_on(sock: socket.socket) -> bool:
    """Whether a keep-alive /health on `sock` is answered 200 (so the connection was admitted)."""
    sock.sendall(KEEP_ALIVE_HEALTH)
    sock.settimeout(10)
    data = b""
    while b'{"status":"ok"}' not in data:
        chunk = sock.recv(4096)
        if not chunk:
            return False
        data += chunk
    return data.startswith(b"HTTP/1.1 200 ")


def test_connections_over_the_per_client_limit_get_503():
    with running_server("--max-connections-per-client", "5") as url:
        port = port_of(url)
        held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(5)]
        assert all(answered_on(sock) for sock in held), "the first five connections are admitted"
        with socket.create_connection(("127.0.0.1", port), timeout=10) as extra:
            answer = read_until_closed(extra)
        assert answer.startswith(b"HTTP/1.1 503 "), answer[:100]
        assert b"Retry-After: 1" in answer
        assert b"--max-connections-per-client" in answer
        assert health_status(port) == 200, "another address is not limited"
        held.pop().close()
        # The server forgets the closed connection on its loop's next turn: try until it has.
        deadline = time.monotonic() + 10
        while True:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as replacement:
                replacement.sendall(HEALTH)
                answer = read_until_closed(replacement)
            if answer.startswith(b"HTTP/1.1 200 ") or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer.startswith(b"HTTP/1.1 200 "), "a freed slot is usable again"
        for sock in held:
            sock.close()
