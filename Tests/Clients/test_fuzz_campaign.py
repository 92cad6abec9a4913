"""Scripts/fuzz's own bookkeeping: a campaign that miscounts reports "0 findings" while Schemathesis
found some — as it did while the JUnit reports landed one folder deeper than it looked."""

import tempfile
from pathlib import Path

from fuzz_campaign import findings

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="schemathesis" tests="3" failures="{failures}" errors="{errors}"></testsuite></testsuites>
"""


def test_findings_counts_failures_and_errors_in_every_report_under_the_round():
    with tempfile.TemporaryDirectory() as folder:
        round_dir = Path(folder) / "round-7"
        nested = round_dir / "fuzz-results" / "round-7"
        nested.mkdir(parents=True)
        (round_dir / "junit-a.xml").write_text(REPORT.format(failures=1, errors=0))
        (nested / "junit-b.xml").write_text(REPORT.format(failures=2, errors=1))
        assert findings(round_dir) == 4


def test_a_round_without_reports_has_no_findings():
    with tempfile.TemporaryDirectory() as folder:
        assert findings(Path(folder)) == 0
