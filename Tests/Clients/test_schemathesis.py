"""Schemathesis against the live server from the document it serves (issue #9): every operation,
positive and negative data, every check, stateful runs following the document's links. Seeded, so
a failure reproduces; any finding fails Scripts/test. The long campaign is Scripts/fuzz."""

import pytest

from contract import run_schemathesis, server_totals
from counterpart_server import dev_server


@pytest.fixture(scope="module")
def contract_base_url():
    """A server run as the contract is (--dev), so every operation of the document exists."""
    with dev_server() as url:
        yield url


def test_schemathesis_finds_nothing(contract_base_url, tmp_path):
    before = server_totals(contract_base_url)
    result = run_schemathesis(contract_base_url, max_examples=40, seed=9, report_dir=tmp_path)
    assert result.returncode == 0, f"Schemathesis reported findings (reports in {tmp_path})"
    totals = server_totals(contract_base_url)
    assert totals["requests"] - before["requests"] > 1000, totals
    assert totals["server_errors"] == before["server_errors"], (before, totals)


def test_schemathesis_finds_nothing_in_a_sandbox(contract_base_url, tmp_path):
    """The same document, every domain and admin operation under /sandboxes/fuzz (api.md §6.4)."""
    before = server_totals(contract_base_url)
    result = run_schemathesis(contract_base_url, max_examples=15, seed=10, report_dir=tmp_path, sandbox="fuzz")
    assert result.returncode == 0, f"Schemathesis reported findings in a sandbox (reports in {tmp_path})"
    totals = server_totals(contract_base_url)
    assert totals["requests"] - before["requests"] > 300, totals
    assert totals["server_errors"] == before["server_errors"], (before, totals)
