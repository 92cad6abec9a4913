"""Schemathesis against a live Counterpart, from the document the server itself serves.

Shared by test_schemathesis.py (Scripts/test: a short, seeded run of every phase) and Scripts/fuzz
(the long campaign behind RELIABILITY.md), which both run servers as SERVER_ARGUMENTS says
(test_schemathesis.py through `dev_server`, which is the cluster's in Scripts/test's cluster pass).
The server's own /metrics counts what it answered, so requests and 5xx are the server's figures,
not the fuzzer's.
"""

import subprocess
import sys
import urllib.request
from pathlib import Path

from counterpart_server import CLUSTER_INSTANCES, CLUSTER_URL

CONFIG = Path(__file__).resolve().parent / "schemathesis.toml"
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
