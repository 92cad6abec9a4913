"""GET /openapi.json: the repository's one OpenAPI 3.1 document, served byte for byte, valid per
openapi-spec-validator, with links a stateful tester can follow (issue #9)."""

import json
import urllib.error
import urllib.request
from pathlib import Path

from openapi_spec_validator import validate

DOCUMENT = Path(__file__).resolve().parents[2] / "Sources/AppFeature/OpenAPI/openapi.json"


def fetch(base_url: str) -> tuple[bytes, dict]:
    with urllib.request.urlopen(f"{base_url}/openapi.json", timeout=10) as response:
        return response.read(), dict(response.headers)


def test_served_byte_for_byte(base_url):
    served, headers = fetch(base_url)
    assert served == DOCUMENT.read_bytes()
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    assert headers["ETag"].startswith('"')


def test_valid_openapi_31():
    document = json.loads(DOCUMENT.read_text())
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_a_created_todo_links_to_its_get_patch_put_and_delete():
    document = json.loads(DOCUMENT.read_text())
    operations = {operation["operationId"]: operation
                  for path in document["paths"].values() for operation in path.values() if "operationId" in operation}
    links = document["components"]["links"]
    created = {name: links[link["$ref"].rsplit("/", 1)[1]] if "$ref" in link else link
               for name, link in operations["createTodo"]["responses"]["201"]["links"].items()}
    targets = {link["operationId"] for link in created.values()}
    assert targets == {"getTodo", "updateTodo", "replaceTodo", "deleteTodo"}
    assert all(link["parameters"] == {"id": "$response.body#/id"} for link in created.values())


def test_every_route_the_server_answers_is_described(base_url):
    document = json.loads(DOCUMENT.read_text())
    with urllib.request.urlopen(f"{base_url}/", timeout=10) as response:
        index = json.loads(response.read())
    paths = set(document["paths"])
    for link in index["links"].values():
        path = link.removeprefix(base_url).split("{?")[0]
        assert path in paths, f"GET / links to {path}, which the document does not describe"
    for path in ["/todos/{id}", "/todos/reorder", "/todos/events", "/todo-backend/{id}", "/repos/{owner}/{repo}", "/avatars/{login}",
                 "/healthz", "/metrics", "/openapi.json"]:
        assert path in paths


def test_search_order_is_any_string_as_the_server_takes_it(base_url):
    """Schemathesis' first campaign: the document said `order` must be asc or desc, but without
    `sort` the server ignores it (GitHub does; api.md §3.1), so `order=&q=0` was a 200."""
    document = json.loads(DOCUMENT.read_text())
    schema = document["components"]["parameters"]["SearchOrder"]["schema"]
    assert "enum" not in schema and schema["type"] == "string"
    for order in ["", "sideways"]:
        with urllib.request.urlopen(f"{base_url}/search/repositories?q=0&order={order}", timeout=10) as response:
            assert response.status == 200


def test_character_limits_are_not_stated_as_code_points(base_url):
    """Scripts/fuzz's second campaign: the document bounded `description` by `maxLength: 1000`
    (code points), but the server counts Swift Characters, so it stored and served 1,000 characters
    of more than 1,000 code points, and Schemathesis flagged both the request and the answer."""
    document = json.loads(DOCUMENT.read_text())
    schemas = document["components"]["schemas"]
    for schema, member in [("Todo", "description"), ("TodoCreate", "description"), ("TodoBackendItem", "title")]:
        assert "maxLength" not in schemas[schema]["properties"][member]
    accented = "e\u0301" * 1000  # 1,000 characters, 2,000 code points
    request = urllib.request.Request(f"{base_url}/todos", data=json.dumps({"description": accented}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
    too_long = urllib.request.Request(f"{base_url}/todos", data=json.dumps({"description": accented + "e"}).encode(),
                                      headers={"Content-Type": "application/json"}, method="POST")
    try:
        urllib.request.urlopen(too_long, timeout=10)
        raise AssertionError("1,001 characters were accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 422
