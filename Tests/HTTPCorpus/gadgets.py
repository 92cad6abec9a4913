"""Framing gadgets: the request forms on which HTTP/1.1 parsers have been seen to disagree about
where a message ends (request smuggling) or what it says.

Each case is one request built to probe one rule, followed by a pipelined `GET /health`, so that
a parser that reads the probe's body differently also reads the next request differently. The
groups follow RFC 9112's framing rules: Transfer-Encoding, Content-Length, chunk lines and
extensions, trailers, line endings and folding, HTTP/1.0 with framing headers, bodies on methods
without meaning for one, request targets, Host and versions.
"""

from __future__ import annotations

FOLLOW_UP = b"GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
CHUNKED_BODY = b"5\r\nhello\r\n0\r\n\r\n"


def request(head_lines: list[bytes], body: bytes = b"", line: bytes = b"POST /todos HTTP/1.1") -> bytes:
    return line + b"\r\n" + b"".join(field + b"\r\n" for field in head_lines) + b"\r\n" + body


def host(*fields: bytes) -> list[bytes]:
    return [b"Host: localhost", *fields]


def transfer_encodings():
    values = [
        b"chunked", b"Chunked", b"CHUNKED", b" chunked", b"chunked ", b"chunked\t", b"\tchunked",
        b"chunked, chunked", b"gzip, chunked", b"chunked, gzip", b"identity", b"identity, chunked",
        b"xchunked", b"chunked;q=1", b'"chunked"', b"chunk", b"chunked\x0b", b"chunked\x0c",
        b"chunked,", b",chunked", b"chunked\r", b"",
    ]
    for value in values:
        yield f"te value {value!r}", request(host(b"Transfer-Encoding: " + value), CHUNKED_BODY)
    names = [
        b"transfer-encoding", b"TRANSFER-ENCODING", b"Transfer-Encoding ", b"Transfer_Encoding",
        b"Transfer-Encoding\t", b"X-Transfer-Encoding", b"Transfer-Encoding\x00",
    ]
    for name in names:
        yield f"te name {name!r}", request(host(name + b": chunked"), CHUNKED_BODY)
    yield "te twice", request(host(b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked"), CHUNKED_BODY)
    yield "te gzip then chunked", request(host(b"Transfer-Encoding: gzip", b"Transfer-Encoding: chunked"), CHUNKED_BODY)
    yield "te and cl", request(host(b"Transfer-Encoding: chunked", b"Content-Length: 15"), CHUNKED_BODY)
    yield "cl and te", request(host(b"Content-Length: 3", b"Transfer-Encoding: chunked"), CHUNKED_BODY)
    yield "te folded", request(host(b"Transfer-Encoding:", b" chunked"), CHUNKED_BODY)


def content_lengths():
    values = [
        b"5", b"05", b"00005", b"+5", b"-5", b" 5", b"5 ", b"5\t", b"0x5", b"5.0", b"5,5", b"5, 5",
        b"5,6", b"", b"1e1", b"\xd9\xa5", b"99999999999999999999", b"4294967301", b"18446744073709551621",
        b"5\x0b", b"5 5", b"0",
    ]
    for value in values:
        yield f"cl value {value!r}", request(host(b"Content-Length: " + value), b"hello")
    for first, second in [(b"5", b"5"), (b"5", b"6"), (b"5", b"05"), (b"0", b"5")]:
        fields = host(b"Content-Length: " + first, b"Content-Length: " + second)
        yield f"cl twice {first!r} {second!r}", request(fields, b"hello")
    for name in [b"content-length", b"CONTENT-LENGTH", b"Content-Length ", b"Content_Length", b"Content-Length\t"]:
        yield f"cl name {name!r}", request(host(name + b": 5"), b"hello")
    yield "cl short body then follow-up", request(host(b"Content-Length: 10"), b"hello")
    yield "cl folded", request(host(b"Content-Length:", b" 5"), b"hello")


def chunk_lines():
    sizes = [
        b"5", b"05", b"0005", b"0x5", b"+5", b"-5", b" 5", b"5 ", b"5\t", b"5;", b"5;a", b"5;a=b",
        b'5;a="b c"', b'5;a="b\\"c"', b"5 ;a", b"5\t;a", b"5; a", b"5;a =b", b"5;a= b", b"5;a=b;c",
        b"5;a=b; c=d", b"5;\x01", b"5;a=\x7f", b"5;=b", b"5;a=", b"5;a b", b"ffffffffffffffff5",
        b"0000000000000000005", b"5_", b"5g",
    ]
    for size in sizes:
        yield f"chunk size {size!r}", request(host(b"Transfer-Encoding: chunked"), size + b"\r\nhello\r\n0\r\n\r\n")
    line_ends = [(b"\n", b"bare LF"), (b"\r", b"bare CR"), (b"\r\r\n", b"CR CR LF")]
    for end, label in line_ends:
        body = b"5" + end + b"hello\r\n0\r\n\r\n"
        yield f"chunk size line {label.decode()}", request(host(b"Transfer-Encoding: chunked"), body)
        body = b"5\r\nhello" + end + b"0\r\n\r\n"
        yield f"chunk data end {label.decode()}", request(host(b"Transfer-Encoding: chunked"), body)
        body = b"5\r\nhello\r\n0" + end + b"\r\n"
        yield f"last chunk line {label.decode()}", request(host(b"Transfer-Encoding: chunked"), body)
        body = b"5\r\nhello\r\n0\r\n" + end
        yield f"final line {label.decode()}", request(host(b"Transfer-Encoding: chunked"), body)
    for last in [b"00", b"0;a=b", b"0 ", b"0;", b"000000000000000000"]:
        yield f"last chunk {last!r}", request(host(b"Transfer-Encoding: chunked"), b"5\r\nhello\r\n" + last + b"\r\n\r\n")
    for data in [b"hellox\r\n", b"hell\r\n", b"hello\r\r\n", b"hello  \r\n"]:
        yield f"chunk data {data!r}", request(host(b"Transfer-Encoding: chunked"), b"5\r\n" + data + b"0\r\n\r\n")
    yield "chunked body missing last chunk", request(host(b"Transfer-Encoding: chunked"), b"5\r\nhello\r\n")


def trailers():
    fields = [
        b"X-Trailer: a", b"Content-Length: 5", b"Transfer-Encoding: chunked", b"Host: evil", b" X: folded",
        b"X: a\nY: b", b"bad trailer", b"X : a", b"X:\x01", b":", b"X-Empty:",
    ]
    for field in fields:
        body = b"5\r\nhello\r\n0\r\n" + field + b"\r\n\r\n"
        yield f"trailer {field!r}", request(host(b"Transfer-Encoding: chunked"), body)
    body = b"5\r\nhello\r\n0\r\nX: a\r\nX: b\r\n\r\n"
    yield "trailer twice", request(host(b"Transfer-Encoding: chunked"), body)


def line_endings():
    yield "head bare LF", b"GET /health HTTP/1.1\nHost: localhost\n\n"
    yield "request line bare LF", b"GET /health HTTP/1.1\nHost: localhost\r\n\r\n"
    yield "head end LF LF", b"GET /health HTTP/1.1\r\nHost: localhost\n\n"
    yield "head end CR CR LF", b"GET /health HTTP/1.1\r\nHost: localhost\r\r\n\r\n"
    yield "bare CR in value", request(host(b"X: a\rb"), line=b"GET /health HTTP/1.1")
    yield "obs-fold", request(host(b"X: a", b" b"), line=b"GET /health HTTP/1.1")
    yield "obs-fold tab", request(host(b"X: a", b"\tb"), line=b"GET /health HTTP/1.1")
    yield "space before colon", request([b"Host : localhost"], line=b"GET /health HTTP/1.1")
    yield "tab before colon", request([b"Host\t: localhost"], line=b"GET /health HTTP/1.1")
    yield "header without colon", request(host(b"X-No-Colon"), line=b"GET /health HTTP/1.1")
    yield "empty header name", request(host(b": value"), line=b"GET /health HTTP/1.1")
    yield "NUL in value", request(host(b"X: a\x00b"), line=b"GET /health HTTP/1.1")
    yield "DEL in value", request(host(b"X: a\x7fb"), line=b"GET /health HTTP/1.1")
    yield "obs-text in value", request(host(b"X: caf\xe9"), line=b"GET /health HTTP/1.1")
    yield "leading CRLF", b"\r\n" + request(host(), line=b"GET /health HTTP/1.1")
    yield "leading LF", b"\n" + request(host(), line=b"GET /health HTTP/1.1")
    yield "leading space", b" " + request(host(), line=b"GET /health HTTP/1.1")


def http10():
    yield "1.0 chunked", request([b"Transfer-Encoding: chunked"], CHUNKED_BODY, b"POST /todos HTTP/1.0")
    yield "1.0 content-length", request([b"Content-Length: 5"], b"hello", b"POST /todos HTTP/1.0")
    yield "1.0 keep-alive content-length", request(
        [b"Connection: keep-alive", b"Content-Length: 5"], b"hello", b"POST /todos HTTP/1.0")
    yield "1.0 keep-alive chunked", request(
        [b"Connection: keep-alive", b"Transfer-Encoding: chunked"], CHUNKED_BODY, b"POST /todos HTTP/1.0")
    yield "1.0 keep-alive no host", request([b"Connection: keep-alive"], line=b"GET /health HTTP/1.0")


def bodies_without_meaning():
    for method in [b"GET", b"HEAD", b"TRACE", b"DELETE", b"OPTIONS"]:
        line = method + b" /health HTTP/1.1"
        yield f"{method.decode()} with content-length", request(host(b"Content-Length: 5"), b"hello", line)
        yield f"{method.decode()} with chunked", request(host(b"Transfer-Encoding: chunked"), CHUNKED_BODY, line)


def targets():
    forms = [
        b"health", b"*", b"http://localhost/health", b"http://localhost:8080/health?x=1", b"HTTP://localhost/health",
        b"https://localhost/health", b"localhost:8080", b"//health", b"/health#fragment", b"/health\x7f",
        b"http://user@localhost/health", b"http://localhost", b"http://localhost?x", b"http:/health",
        b"ftp://localhost/health", b"http://[::1]:8080/health", b"/health?a=%zz", b"/%",
    ]
    for form in forms:
        yield f"target {form!r}", request(host(), line=b"GET " + form + b" HTTP/1.1")
    yield "options asterisk", request(host(), line=b"OPTIONS * HTTP/1.1")
    yield "connect authority", request(host(), line=b"CONNECT localhost:8080 HTTP/1.1")


def hosts():
    values = [
        b"a b", b"", b"localhost", b"localhost:8080", b"localhost:", b"localhost:abc", b"[::1]:8080", b"[::1",
        b"::1", b"a/b", b"a@b", b"127.0.0.1", b"a%20b", b"a_b", b"localhost:8080:1", b"a\tb", b"a,b",
        b"localhost:99999", b"[v1.x]", b"a?b", b"a#b", b"caf\xc3\xa9",
    ]
    for value in values:
        yield f"host {value!r}", request([b"Host: " + value], line=b"GET /health HTTP/1.1")
    yield "host twice", request([b"Host: localhost", b"Host: localhost"], line=b"GET /health HTTP/1.1")
    yield "no host", request([], line=b"GET /health HTTP/1.1")


def versions():
    for version in [b"HTTP/1.2", b"HTTP/2.0", b"HTTP/0.9", b"HTTP/1.1x", b"http/1.1", b"HTTP/1.01", b"HTTP/1.1 ",
                    b"HTTP/1", b"HTTP/9.9", b"HTTP/1.1\t"]:
        yield f"version {version!r}", request(host(), line=b"GET /health " + version)


def methods():
    for line in [b"get /health HTTP/1.1", b"GET  /health HTTP/1.1", b"FOO /health HTTP/1.1",
                 b"PROPFIND /health HTTP/1.1", b"G(T /health HTTP/1.1", b"\tGET /health HTTP/1.1"]:
        yield f"request line {line!r}", request(host(), line=line)


def continues_and_closes():
    yield "expect continue", request(host(b"Expect: 100-continue", b"Content-Length: 5"), b"hello")
    yield "connection close", request(host(b"Connection: close"), line=b"GET /health HTTP/1.1")
    yield "connection close list", request(host(b"Connection: keep-alive, close"), line=b"GET /health HTTP/1.1")
    yield "connection upgrade", request(
        host(b"Connection: upgrade", b"Upgrade: websocket"), line=b"GET /health HTTP/1.1")


GROUPS = [
    transfer_encodings, content_lengths, chunk_lines, trailers, line_endings, http10, bodies_without_meaning,
    targets, hosts, versions, methods, continues_and_closes,
]


def cases() -> list[tuple[str, bytes]]:
    return [(f"gadget/{group.__name__}: {name}", data + FOLLOW_UP) for group in GROUPS for name, data in group()]
