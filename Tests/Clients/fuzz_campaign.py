"""Scripts/fuzz: seeded Schemathesis rounds against one live server until it has answered the
requested number of requests; the summary is what RELIABILITY.md records."""

import argparse
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from contract import run_schemathesis, server_totals
from counterpart_server import started_server


def findings(report_dir: Path) -> int:
    """Failures and errors in a round's JUnit report."""
    total = 0
    for report in report_dir.glob("*.xml"):
        root = ElementTree.parse(report).getroot()
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        total += sum(int(suite.get("failures", 0)) + int(suite.get("errors", 0)) for suite in suites)
    return total


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=400, help="test cases per operation and phase, per round")
    parser.add_argument("--out", type=Path, default=Path("fuzz-results"))
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)

    started = time.monotonic()
    rounds = []
    with tempfile.TemporaryDirectory() as folder, \
            started_server(database=str(Path(folder) / "fuzz.sqlite")) as server:
        seed = arguments.seed
        while server_totals(server.url)["requests"] < arguments.requests:
            report_dir = arguments.out / f"round-{seed}"
            result = run_schemathesis(server.url, max_examples=arguments.examples, seed=seed, report_dir=report_dir,
                                      workers=2)
            rounds.append((seed, result.returncode, findings(report_dir)))
            if server.process.poll() is not None:
                break
            seed += 1
        alive = server.process.poll() is None
        totals = server_totals(server.url) if alive else {"requests": 0, "server_errors": 0}
        server.process.terminate()
        exit_code = server.process.wait(timeout=30)

    minutes = (time.monotonic() - started) / 60
    crashes = 0 if alive and exit_code == 0 else 1
    found = sum(count for _, _, count in rounds)
    summary = [
        f"seeds {arguments.seed}–{arguments.seed + len(rounds) - 1} ({len(rounds)} rounds × {arguments.examples} "
        f"examples per operation), {minutes:.1f} min",
        f"requests answered (server's count): {totals['requests']:,}",
        f"findings (Schemathesis failures and errors): {found}",
        f"crashes: {crashes} (server alive at the end: {alive}; exit code at SIGTERM: {exit_code})",
        f"5xx answers (server's count): {totals['server_errors']}",
    ]
    (arguments.out / "latest.md").write_text("\n".join(f"- {line}" for line in summary) + "\n")
    print("\n".join(summary))
    return 0 if found == 0 and crashes == 0 and totals["server_errors"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
