"""The newsletter's double opt-in driven the way its real clients drive it (issue #10, api.md §4,
§6.2): a browser following a mail's link and submitting the page's form, a mail provider's RFC 8058
one-click POST, a mail client opening the outbox's .eml, and a stranger probing addresses. Only the
standard library: urllib, html.parser and email are the clients."""

import email
import email.policy
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from html.parser import HTMLParser

import pytest

from counterpart_server import dev_server

# What Firefox and Chrome send with a navigation or a form submission.
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
ONE_CLICK = "List-Unsubscribe=One-Click"
FORM = "application/x-www-form-urlencoded"


@pytest.fixture(scope="module")
def dev_url():
    """A --dev server: mail is kept in the outbox and /__admin answers. This module sends it 16
    subscriptions, under the 30 a minute the newsletter allows one client IP (api.md §4.5)."""
    with dev_server() as url:
        yield url


class Answer:
    """An HTTP answer: status, headers (case-insensitive) and body bytes."""

    def __init__(self, status: int, headers, body: bytes):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode()

    def json(self):
        return json.loads(self.body)

    def __repr__(self) -> str:
        return f"<{self.status} {self.headers.get('Content-Type')}: {self.body[:600]!r}>"


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Shows a 3xx as it is: RFC 8058 forbids redirecting the one-click POST, and no route here
    redirects."""

    def redirect_request(self, *arguments):
        return None


OPENER = urllib.request.build_opener(NoRedirects)


def call(method: str, url: str, body: bytes | None = None, headers: dict | None = None) -> Answer:
    request = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    try:
        with OPENER.open(request, timeout=10) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def post_json(url: str, value) -> Answer:
    return call("POST", url, json.dumps(value).encode(), {"Content-Type": "application/json"})


def compact(value) -> bytes:
    """`value` as the server writes JSON: compact, members in order (api.md §1)."""
    return json.dumps(value, separators=(",", ":")).encode()


def query_value(url: str, name: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)[name][0]


def subscribe(base_url: str, address: str, name: str | None = None) -> Answer:
    answer = post_json(f"{base_url}/newsletter/subscriptions", {"email": address, "name": name})
    assert answer.status == 202, f"subscribing {address}: {answer}"
    return answer


def outbox(base_url: str, address: str) -> list:
    """The mail to `address`, newest first (GET /__admin/outbox?to=)."""
    answer = call("GET", f"{base_url}/__admin/outbox?" + urllib.parse.urlencode({"to": address}))
    assert answer.status == 200, answer
    return answer.json()


def subscribers(base_url: str) -> list:
    answer = call("GET", f"{base_url}/__admin/newsletter/subscribers")
    assert answer.status == 200, answer
    return answer.json()


def subscriber(base_url: str, address: str) -> dict | None:
    """`address`'s entry in GET /__admin/newsletter/subscribers, the one place status shows."""
    return next((entry for entry in subscribers(base_url) if entry["email"] == address), None)


def confirmed_subscription(base_url: str, address: str, name: str | None = None) -> dict:
    """Subscribes `address`, confirms it with the token of its confirmation mail, and returns the
    welcome mail that follows."""
    subscribe(base_url, address, name)
    confirmation = outbox(base_url, address)[0]
    assert confirmation["kind"] == "confirmation", confirmation
    token = query_value(confirmation["links"]["confirm"], "token")
    answer = post_json(f"{base_url}/newsletter/confirmations", {"token": token})
    assert answer.status == 200, f"confirming {address}: {answer}"
    welcome = outbox(base_url, address)[0]
    assert welcome["kind"] == "welcome", welcome
    return welcome


class Forms(HTMLParser):
    """A page's forms, each as its attributes and its controls' (tag, attributes) in page order."""

    def __init__(self, page: str):
        super().__init__()
        self.forms: list[dict] = []
        self._open: dict | None = None
        self.feed(page)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self._open = {"attributes": attributes, "controls": []}
            self.forms.append(self._open)
        elif tag in ("input", "button") and self._open is not None:
            self._open["controls"].append((tag, attributes))

    def handle_endtag(self, tag):
        if tag == "form":
            self._open = None


def submission(form: dict, page_url: str) -> tuple[str, str, bytes]:
    """What a browser sends when the form's first submit button is clicked: the method, the
    absolute action URL, and the form-urlencoded entry list (HTML's "constructing the entry list":
    named, enabled controls; checkboxes and radios only when checked; of the buttons, the clicked
    one only)."""
    entries = []
    clicked = False
    for tag, attributes in form["controls"]:
        kind = (attributes.get("type") or ("submit" if tag == "button" else "text")).lower()
        name = attributes.get("name")
        enabled = "disabled" not in attributes
        if kind in ("submit", "image"):
            if not clicked and name and enabled:
                entries.append((name, attributes.get("value", "")))
            clicked = True
        elif not name or not enabled or kind in ("button", "reset"):
            continue
        elif kind in ("checkbox", "radio"):
            if "checked" in attributes:
                entries.append((name, attributes.get("value", "on")))
        else:
            entries.append((name, attributes.get("value", "")))
    method = form["attributes"].get("method", "get").lower()
    action = urllib.parse.urljoin(page_url, form["attributes"].get("action", ""))
    return method, action, urllib.parse.urlencode(entries).encode()


def test_double_opt_in_from_the_outbox(dev_url):
    """Subscribe, open the confirmation mail's link as a browser, submit the page's form: only the
    POST confirms (a link scanner opening the link changes nothing), and a welcome mail with the
    RFC 2369 / RFC 8058 list headers follows (api.md §4.1-§4.3)."""
    address = "ada@example.com"
    answer = subscribe(dev_url, address, "Ada")
    assert answer.body == compact({"status": "pending", "email": address}), answer
    assert answer.headers.get("Location") is None, "a 202 that named the subscription would reveal it"

    mails = outbox(dev_url, address)
    assert [mail["kind"] for mail in mails] == ["confirmation"], mails
    link = mails[0]["links"]["confirm"]
    assert link.startswith(f"{dev_url}/newsletter/confirm?token="), f"mail links start with the base URL: {link}"
    token = query_value(link, "token")

    page = call("GET", link, headers={"Accept": BROWSER_ACCEPT})
    assert page.status == 200, page
    assert page.headers["Content-Type"] == "text/html; charset=utf-8", page
    assert "<form" in page.text, page
    posting = [form for form in Forms(page.text).forms if form["attributes"].get("method", "").lower() == "post"]
    assert len(posting) == 1, f"the page needs one form that POSTs: {page.text}"
    hidden = {attributes.get("name"): attributes.get("value")
              for tag, attributes in posting[0]["controls"] if attributes.get("type") == "hidden"}
    assert hidden.get("token") == token, f"the form carries the mail's token in a hidden input: {hidden}"
    assert subscriber(dev_url, address)["status"] == "pending", "GET confirmed: link scanners would confirm anyone"

    method, action, body = submission(posting[0], link)
    assert action == f"{dev_url}/newsletter/confirmations", action
    confirmed = call(method.upper(), action, body, {"Content-Type": FORM, "Accept": BROWSER_ACCEPT, "Origin": dev_url})
    assert confirmed.status == 200, confirmed
    assert confirmed.headers["Content-Type"].startswith("text/html"), f"a browser prefers the page: {confirmed}"
    state = subscriber(dev_url, address)
    assert state["status"] == "confirmed" and state["confirmedAt"] is not None, state

    mails = outbox(dev_url, address)
    assert [mail["kind"] for mail in mails] == ["welcome", "confirmation"], "newest first, one welcome"
    welcome = mails[0]
    unsubscribe = welcome["links"]["unsubscribe"]
    assert unsubscribe.startswith(f"{dev_url}/newsletter/unsubscribe?token="), unsubscribe
    assert welcome["links"]["confirm"] is None, welcome
    assert welcome["headers"] == {"List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": ONE_CLICK}


def test_one_click_unsubscribe_as_a_mail_provider_sends_it(dev_url):
    """RFC 8058: the provider POSTs `List-Unsubscribe=One-Click`, form-encoded, to the
    List-Unsubscribe URL, without cookies, Accept or a redirect to follow; repeats are harmless."""
    address = "grace@example.com"
    welcome = confirmed_subscription(dev_url, address)
    url = welcome["headers"]["List-Unsubscribe"].removeprefix("<").removesuffix(">")
    for attempt in ["first", "repeated"]:
        answer = call("POST", url, ONE_CLICK.encode(), {"Content-Type": FORM})
        assert answer.status == 200, f"{attempt} one-click POST: {answer}"
        assert answer.json() == {"status": "unsubscribed", "email": address}, answer
    state = subscriber(dev_url, address)
    assert state["status"] == "unsubscribed" and state["unsubscribedAt"] is not None, state


def test_outbox_mail_opens_as_an_rfc_5322_message(dev_url):
    """GET /__admin/outbox/{id}.eml is the mail as a mail client reads it: the outbox entry's
    recipient, subject, time and text, UTF-8 sent 8-bit, and the list headers on the welcome."""
    address = "zoe@example.com"
    confirmed_subscription(dev_url, address, name="Zoë")
    mails = outbox(dev_url, address)
    assert [mail["kind"] for mail in mails] == ["welcome", "confirmation"], mails
    for mail in mails:
        answer = call("GET", f"{dev_url}/__admin/outbox/{mail['id']}.eml")
        assert answer.status == 200, answer
        assert answer.headers["Content-Type"].startswith("message/rfc822"), answer
        assert answer.body.count(b"\n") == answer.body.count(b"\r\n"), "RFC 5322 lines end with CRLF, every one"
        message = email.message_from_bytes(answer.body, policy=email.policy.default)
        assert message.defects == [], message.defects
        assert [item.addr_spec for item in message["To"].addresses] == [address], message["To"]
        assert message["Subject"] == mail["subject"]
        sent_at = datetime.fromisoformat(mail["sentAt"].replace("Z", "+00:00"))
        assert message["Date"].datetime == sent_at, f"Date {message['Date']} is not sentAt {mail['sentAt']}"
        assert re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", str(message["Message-ID"])), message["Message-ID"]
        assert message["From"] is not None and message["MIME-Version"] == "1.0"
        assert message.get_content_type() == "text/plain" and message.get_content_charset() == "utf-8"
        assert message["Content-Transfer-Encoding"] == "8bit"
        text = message.get_content().replace("\r\n", "\n")
        assert text == mail["text"].replace("\r\n", "\n"), "the message's body is the outbox entry's text"
        links = {link for link in mail["links"].values() if link is not None}
        urls = set(re.findall(r"https?://[^\s<>\"]+", text))
        assert urls and urls <= links, f"{mail['kind']}: every URL in the text is one of its links: {urls} vs {links}"
        if mail["kind"] == "welcome":
            assert message["List-Unsubscribe"] == mail["headers"]["List-Unsubscribe"]
            assert message["List-Unsubscribe-Post"] == ONE_CLICK
        else:
            assert message["List-Unsubscribe"] is None, "a confirmation mail has nothing to unsubscribe from yet"


# Headers that differ between any two requests, whoever the address is.
PER_REQUEST_HEADERS = {
    "x-request-id": "a fresh id for every request",
    "server-timing": "how long this request took",
    "date": "the clock",
    "x-ratelimit-remaining": "counts the client IP's subscriptions, one more each time",
    "x-ratelimit-used": "counts the client IP's subscriptions, one more each time",
    "x-ratelimit-reset": "the end of the client IP's window, which may roll over between the requests",
    "content-length": "the addresses differ in length; the bodies are compared with the address replaced",
}


def test_subscribing_reveals_nothing_about_an_address(dev_url):
    """api.md §4.1: a confirmed, a pending, an unsubscribed and an unknown address get the same
    status, the same body apart from the address itself, and the same headers apart from the
    per-request ones above: nobody learns from the answer whether an address is on the list."""
    shapes = {}
    for address in ["confirmed@example.com", "pending@example.com", "gone@example.com", "new-reader@example.com"]:
        answer = post_json(f"{dev_url}/newsletter/subscriptions", {"email": address})
        names = {name.lower() for name in answer.headers.keys()}
        shapes[address] = {
            "status": answer.status,
            "body": answer.body.replace(json.dumps(address).encode(), b'"ADDRESS"'),
            "header names": names,
            "headers": {name: answer.headers.get_all(name) for name in sorted(names - set(PER_REQUEST_HEADERS))},
        }
    first = shapes["confirmed@example.com"]
    assert first["status"] == 202 and first["body"] == b'{"status":"pending","email":"ADDRESS"}', first
    for address, shape in shapes.items():
        for part in first:
            difference = shape[part] ^ first[part] if part == "header names" else f"{shape[part]} != {first[part]}"
            assert shape[part] == first[part], f"{address}'s {part} differ from confirmed@example.com's: {difference}"


def test_the_history_shows_only_in_the_mail(dev_url):
    """api.md §4.1: the difference is in the mail alone. A confirmed address is told it is already
    subscribed and stays confirmed; a pending, unsubscribed or new one becomes pending with a fresh
    confirmation link."""
    expected = {"confirmed@example.com": ("alreadySubscribed", "confirmed"),
                "pending@example.com": ("confirmation", "pending"),
                "gone@example.com": ("confirmation", "pending"),
                "newest-reader@example.com": ("confirmation", "pending")}
    for address in expected:
        subscribe(dev_url, address)
    for address, (kind, status) in expected.items():
        mail = outbox(dev_url, address)[0]
        assert mail["kind"] == kind, f"{address} got a {mail['kind']} mail, not {kind}"
        assert (mail["links"]["confirm"] is None) == (kind == "alreadySubscribed"), mail
        assert subscriber(dev_url, address)["status"] == status, address


def test_an_html_form_subscribes(dev_url):
    """A plain HTML form (`email=...&name=...`, form-urlencoded) subscribes like JSON; the address
    comes back normalised: trimmed, domain lowercased, local part as typed (api.md §4.4)."""
    body = urllib.parse.urlencode({"email": "  Mary.Jackson+news@Example.COM ", "name": "Mary Jackson"}).encode()
    answer = call("POST", f"{dev_url}/newsletter/subscriptions", body, {"Content-Type": FORM})
    assert answer.status == 202, answer
    assert answer.body == compact({"status": "pending", "email": "Mary.Jackson+news@example.com"}), answer
    mails = outbox(dev_url, "mary.jackson+news@example.com")
    assert [mail["to"] for mail in mails] == ["Mary.Jackson+news@example.com"], "?to= ignores case"


@pytest.mark.parametrize("address, reason, message", [
    ("user@@example.com", "multiple_at", "An email address has exactly one @."),
    ("user name@example.com", "invalid_local_character",
     "The part before the @ contains a character that isn't allowed: \" \"."),
    ("user@example.123", "numeric_tld", "The domain can't end in a number."),
])
def test_an_invalid_address_is_422_with_the_rules_reason(dev_url, address, reason, message):
    """api.md §4.4: the first failed check's reason is the error's `code` and its message, word
    for word, the `detail`, so a client can show it as it is."""
    answer = post_json(f"{dev_url}/newsletter/subscriptions", {"email": address})
    assert answer.status == 422, answer
    assert answer.headers["Content-Type"].startswith("application/problem+json"), answer
    problem = answer.json()
    assert problem["type"] == "urn:counterpart:problem:validation-failed", problem
    assert problem["errors"][0] == {"field": "email", "code": reason, "detail": message}, problem


@pytest.mark.parametrize("typed, verdict", [
    ("  Jane.Doe+news@Example.COM \n",
     {"valid": True, "normalized": "Jane.Doe+news@example.com", "reason": None, "message": None}),
    ("user@example..com",
     {"valid": False, "normalized": None, "reason": "domain_dot",
      "message": "The domain can't start or end with a dot or have two dots in a row."}),
])
def test_email_check_applies_the_subscribe_rule(dev_url, typed, verdict):
    """GET /newsletter/email-check: the four members, always present, in order (api.md §4.3)."""
    answer = call("GET", f"{dev_url}/newsletter/email-check?" + urllib.parse.urlencode({"email": typed}))
    assert answer.status == 200, answer
    assert answer.body == compact(verdict), answer


def test_admin_routes_are_404_without_dev(base_url):
    """api.md §6.2: without --dev nothing is kept and /__admin does not exist, like any unknown path."""
    mail_id = "7c0e2f4a-1b6d-4c89-9f0e-3a5b2c1d4e6f"
    for method, path in [("GET", "/__admin/outbox"), ("DELETE", "/__admin/outbox"),
                         ("GET", f"/__admin/outbox/{mail_id}.eml"), ("GET", "/__admin/newsletter/subscribers")]:
        answer = call(method, base_url + path)
        assert answer.status == 404, f"{method} {path} without --dev: {answer}"
        assert answer.json()["type"] == "urn:counterpart:problem:not-found", answer


def test_erasing_forgets_the_address_and_its_mail(dev_url):
    """DELETE /newsletter/subscriptions/{unsubscribeToken}: the address, its tokens and its mail are
    gone (api.md §4.3); the token then names nothing, so a repeat is 404."""
    address = "dorothy@example.com"
    welcome = confirmed_subscription(dev_url, address)
    url = f"{dev_url}/newsletter/subscriptions/{query_value(welcome['links']['unsubscribe'], 'token')}"
    answer = call("DELETE", url)
    assert answer.status == 204 and answer.body == b"", answer
    assert subscriber(dev_url, address) is None, "the address is still listed"
    assert outbox(dev_url, address) == [], "its mail is still in the outbox"
    again = call("DELETE", url)
    assert again.status == 404, again
