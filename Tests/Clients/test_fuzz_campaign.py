"""Scripts/fuzz's own bookkeeping: a campaign that miscounts reports "0 findings" while Schemathesis
found some — as it did while the JUnit reports landed one folder deeper than it looked — and one
that counts what expected_findings.toml explains would fail every run of a document that is right."""

import tempfile
from pathlib import Path

from fuzz_campaign import unexpected_findings

CASE = """{number}. Test Case ID: abc{number}

- ST202 Schema-valid request rejected

[{status}] Problem:

    `{body}`

Reproduce with:

    curl -X {method} 'http://127.0.0.1:1/sandboxes/fuzz-7{path}'
"""

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="schemathesis"><testcase name="op">{failures}</testcase></testsuite></testsuites>
"""


def failure(*cases: str) -> str:
    return f'<failure type="failure" message="ST202">{"".join(cases)}</failure>'


def case(number: int, method: str, path: str, status: int, body: str) -> str:
    text = CASE.format(number=number, method=method, path=path, status=status, body=body)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


EXPECTED = case(1, "PATCH", "/todos/1", 412, '{"type":"urn:counterpart:problem:precondition-failed","errors":[]}')
UNEXPECTED = case(2, "GET", "/pins/clusters", 400, '{"type":"urn:counterpart:problem:malformed-request",'
                  '"errors":[{"field":"bbox","code":"wrong_count"}]}')


def test_counts_unexpected_failures_and_errors_in_every_report_under_the_round():
    with tempfile.TemporaryDirectory() as folder:
        round_dir = Path(folder) / "round-7"
        nested = round_dir / "fuzz-results" / "round-7"
        nested.mkdir(parents=True)
        (round_dir / "junit-a.xml").write_text(REPORT.format(failures=failure(UNEXPECTED)))
        (nested / "junit-b.xml").write_text(
            REPORT.format(failures=failure(UNEXPECTED, EXPECTED) + '<error message="connection refused"/>'))
        assert unexpected_findings(round_dir, sandbox="fuzz-7") == 3


def test_what_expected_findings_explains_is_not_counted():
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "junit.xml").write_text(REPORT.format(failures=failure(EXPECTED)))
        assert unexpected_findings(Path(folder), sandbox="fuzz-7") == 0


def test_a_round_without_reports_has_no_findings():
    with tempfile.TemporaryDirectory() as folder:
        assert unexpected_findings(Path(folder), sandbox=None) == 0
