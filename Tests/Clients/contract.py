"""Schemathesis against a live Counterpart, from the document the server itself serves.

Shared by test_schemathesis.py (Scripts/test: a short, seeded run of every phase) and Scripts/fuzz
(the long campaign behind RELIABILITY.md), which both run servers as SERVER_ARGUMENTS says
(test_schemathesis.py through `dev_server`, which is the cluster's in Scripts/test's cluster pass).
The server's own /metrics counts what it answered, so requests and 5xx are the server's figures,
not the fuzzer's.
"""

import json
import re
import subprocess
import sys
import tomllib
import urllib.request
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from counterpart_server import CLUSTER_INSTANCES, CLUSTER_URL

CONFIG = Path(__file__).resolve().parent / "schemathesis.toml"
EXPECTED_FINDINGS = Path(__file__).resolve().parent / "expected_findings.toml"
# What the server under contract runs with: --dev, so the document's /__admin operations (the
# newsletter's outbox and subscribers, api.md §6.2) exist instead of answering 404.
SERVER_ARGUMENTS = ("--dev",)

from prometheus_client.parser import text_string_to_metric_families


def run_schemathesis(base_url: str, *, max_examples: int, seed: int, report_dir: Path, workers: int = 1,
                     max_time: int | None = None, sandbox: str | None = None) -> subprocess.CompletedProcess:
    """Runs every phase (examples, coverage, fuzzing, stateful) with every check, positive and
    negative data, against `base_url`/openapi.json; output goes to this process's stdout. With
    `sandbox`, every operation runs under `/sandboxes/{sandbox}` (api.md §6.4) except the service
    routes and the sandboxes themselves, which are shared and never prefixed."""
    url = base_url if sandbox is None else f"{base_url}/sandboxes/{sandbox}"
    command = [
        sys.executable, "-m", "schemathesis.cli", "--config-file", str(CONFIG), "run", f"{base_url}/openapi.json",
        "--url", url,
        "--checks", "all",
        "--mode", "all",
        "--phases", "examples,coverage,fuzzing,stateful",
        "--max-examples", str(max_examples),
        "--seed", str(seed),
        "--workers", str(workers),
        "--request-timeout", "20",
        "--suppress-health-check", "too_slow,filter_too_much",
        "--report", "junit",
        # Absolute: Schemathesis runs in `report_dir`, where a relative one would nest a copy of itself.
        "--report-dir", str(report_dir.resolve()),
        "--output-truncate", "false",
    ]
    if max_time is not None:
        command += ["--max-time", str(max_time)]
    if sandbox is not None:
        command += ["--exclude-tag", "service", "--exclude-tag", "sandboxes"]
    report_dir.mkdir(parents=True, exist_ok=True)
    # Schemathesis keeps its example database in the working directory: keep it with the reports.
    return subprocess.run(command, cwd=report_dir)


def server_totals(base_url: str) -> dict:
    """Requests answered and 5xx answers, by the server's own counters (GET /metrics); through the
    cluster, summed over its instances (each counts its own)."""
    if base_url == CLUSTER_URL:
        each = [server_totals(instance) for instance in CLUSTER_INSTANCES]
        return {key: sum(totals[key] for totals in each) for key in ("requests", "server_errors")}
    with urllib.request.urlopen(f"{base_url}/metrics", timeout=10) as response:
        text = response.read().decode()
    requests = server_errors = 0
    for family in text_string_to_metric_families(text):
        if family.name != "counterpart_http_requests":
            continue
        for sample in family.samples:
            if not sample.name.endswith("_total"):
                continue
            requests += sample.value
            if sample.labels["status"].startswith("5"):
                server_errors += sample.value
    return {"requests": int(requests), "server_errors": int(server_errors)}


@dataclass(frozen=True)
class Finding:
    """One failed check of a Schemathesis run, as its JUnit report tells it."""

    check: str
    method: str
    path: str
    status: int | None
    problem: str
    codes: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return f"{self.check} {self.method} {self.path} -> {self.status} {self.problem} {list(self.codes)}"


def findings(report_dir: Path, sandbox: str | None = None) -> list[Finding]:
    """Every failed check in the JUnit reports anywhere under `report_dir`, one per check and case."""
    found = []
    for report in sorted(report_dir.rglob("*.xml")):
        for failure in ElementTree.parse(report).getroot().iter("failure"):
            cases = re.split(r"\n?\d+\. Test Case ID: \S+\n", failure.text or "")[1:]
            parsed = [finding for case in cases for finding in _findings_in(case, sandbox)]
            # A report this parser cannot read is a finding of its own, never none at all.
            found += parsed or [Finding("unreadable", "?", "?", None, "", (), failure.text or "")]
    return found


def errors(report_dir: Path) -> list[str]:
    """The cases Schemathesis could not run at all (a network error, a bad schema), by its reports."""
    return [
        error.text or error.get("message", "")
        for report in sorted(report_dir.rglob("*.xml"))
        for error in ElementTree.parse(report).getroot().iter("error")
    ]


def _findings_in(case: str, sandbox: str | None) -> list[Finding]:
    status = re.search(r"^\[(\d{3})\]", case, re.M)
    curl = re.search(r"curl -X (\w+) .*?'?(https?://[^\s']+)'?\s*$", case, re.M)
    method, path = (curl.group(1), urlsplit(curl.group(2)).path) if curl else ("?", "?")
    if sandbox is not None:
        path = path.removeprefix(f"/sandboxes/{sandbox}")
    problem, codes = "", ()
    body = re.search(r"`(\{.*\})`", case, re.S)
    if body:
        try:
            document = json.loads(body.group(1))
        except json.JSONDecodeError:
            document = {}
        if isinstance(document, dict):
            kind = document.get("type")
            problem = kind.rsplit(":", 1)[-1] if isinstance(kind, str) else f"github:{document.get('message', '')}"
            codes = tuple(str(error.get("code", "")) for error in document.get("errors") or [] if isinstance(error, dict))
    return [
        Finding(check, method, path, int(status.group(1)) if status else None, problem, codes, case)
        for check in re.findall(r"^- (\w+) ", case, re.M)
    ]


def unexpected(found: list[Finding]) -> list[Finding]:
    """The findings that expected_findings.toml does not list."""
    entries = tomllib.loads(EXPECTED_FINDINGS.read_text())["finding"]

    def listed(finding: Finding) -> bool:
        return any(
            finding.check == entry["check"]
            and finding.method in entry["methods"]
            and re.search(entry["path"], finding.path)
            and finding.status == entry["status"]
            and finding.problem == entry["problem"]
            and ("codes" not in entry or (finding.codes and all(code in entry["codes"] for code in finding.codes)))
            for entry in entries
        )

    return [finding for finding in found if not listed(finding)]

