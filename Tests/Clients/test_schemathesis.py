"""Schemathesis against the live server from the document it serves (issue #9): every operation,
positive and negative data, every check with Schemathesis' own settings, stateful runs following
the document's links, over several seeds. Seeded, so a failure reproduces; any finding that
expected_findings.toml does not list (with its reason) fails Scripts/test. The long campaign is
Scripts/fuzz."""

import pytest

from contract import errors, findings, run_schemathesis, server_totals, unexpected
from counterpart_server import dev_server


@pytest.fixture(scope="module")
def contract_base_url():
    """A server run as the contract is (--dev), so every operation of the document exists."""
    with dev_server() as url:
        yield url


def assert_only_expected(report_dir, sandbox=None):
    failed_to_run = errors(report_dir)
    assert not failed_to_run, f"Schemathesis could not run some cases (reports in {report_dir}): {failed_to_run[0]}"
    found = findings(report_dir, sandbox)
    extra = unexpected(found)
    assert not extra, "findings not in expected_findings.toml:\n" + "\n\n".join(f"{f}\n{f.text}" for f in extra)
    return found


@pytest.mark.parametrize("seed", [9, 10, 11])
def test_schemathesis_finds_only_what_the_document_cannot_state(contract_base_url, tmp_path, seed):
    before = server_totals(contract_base_url)
    run_schemathesis(contract_base_url, max_examples=25, seed=seed, report_dir=tmp_path)
    assert_only_expected(tmp_path)
    totals = server_totals(contract_base_url)
    assert totals["requests"] - before["requests"] > 600, totals
    assert totals["server_errors"] == before["server_errors"], (before, totals)


def test_schemathesis_finds_only_what_the_document_cannot_state_in_a_sandbox(contract_base_url, tmp_path):
    """The same document, every domain and admin operation under /sandboxes/fuzz (api.md §6.4)."""
    before = server_totals(contract_base_url)
    run_schemathesis(contract_base_url, max_examples=15, seed=10, report_dir=tmp_path, sandbox="fuzz")
    assert_only_expected(tmp_path, sandbox="fuzz")
    totals = server_totals(contract_base_url)
    assert totals["requests"] - before["requests"] > 300, totals
    assert totals["server_errors"] == before["server_errors"], (before, totals)
