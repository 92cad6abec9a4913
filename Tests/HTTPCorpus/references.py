"""What the two reference parsers make of a case's bytes: strict llhttp (through `httptools`, whose
parser has every leniency off unless asked) and h11, each fed the whole case at once.

A parse is the list of complete messages (method, target, body) and how the bytes ended: `clean`
(after a complete message), `partial` (inside one), `error: …` (refused) or `upgrade` (llhttp
stops at CONNECT or `Upgrade`, handing the rest to another protocol). h11 answers each message with
an empty 200 to move on to the next one, as a server would, and stops when a message means the
connection closes.
"""

from __future__ import annotations

import h11
import httptools

Parse = dict


def _message(method: bytes, target: bytes, body: bytes) -> dict:
    return {"method": method.decode("latin-1"), "target": target.decode("latin-1"), "body": body.decode("latin-1")}


def llhttp(data: bytes) -> Parse:
    messages: list[dict] = []
    current: dict | None = None

    class Callbacks:
        def on_message_begin(self):
            nonlocal current
            current = {"target": b"", "body": b""}

        def on_url(self, url: bytes):
            current["target"] += url

        def on_body(self, body: bytes):
            current["body"] += body

        def on_message_complete(self):
            nonlocal current
            messages.append(_message(parser.get_method(), current["target"], current["body"]))
            current = None

    parser = httptools.HttpRequestParser(Callbacks())
    try:
        parser.feed_data(data)
        end = "partial" if current is not None else "clean"
    except httptools.HttpParserUpgrade:
        end = "upgrade"
    except httptools.HttpParserError as error:
        end = f"error: {error}"
    return {"messages": messages, "end": end}


def h11_parse(data: bytes) -> Parse:
    connection = h11.Connection(h11.SERVER)
    connection.receive_data(data)
    messages: list[dict] = []
    current: dict | None = None
    while True:
        try:
            event = connection.next_event()
        except h11.RemoteProtocolError as error:
            return {"messages": messages, "end": f"error: {error}"}
        if event is h11.NEED_DATA:
            return {"messages": messages, "end": "partial" if current is not None else "clean"}
        if event is h11.PAUSED:
            return {"messages": messages, "end": "closes" if current is None else "upgrade"}
        if isinstance(event, h11.Request):
            current = {"method": event.method, "target": event.target, "body": b""}
        elif isinstance(event, h11.Data):
            current["body"] += event.data
        elif isinstance(event, h11.EndOfMessage):
            messages.append(_message(current["method"], current["target"], current["body"]))
            current = None
            connection.send(h11.Response(status_code=200, headers=[("Content-Length", "0")]))
            if connection.our_state is h11.SWITCHED_PROTOCOL:
                return {"messages": messages, "end": "upgrade"}
            connection.send(h11.EndOfMessage())
            if connection.our_state is not h11.DONE or connection.their_state is not h11.DONE:
                return {"messages": messages, "end": "closes"}
            connection.start_next_cycle()
