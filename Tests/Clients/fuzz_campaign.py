"""Scripts/fuzz: seeded Schemathesis rounds against live servers until they have answered the
requested number of requests; the summary is what RELIABILITY.md records.

Schemathesis generates data under Python's GIL, about 45 requests a second per process here, so
the campaign runs one Schemathesis process per core, each against its own server and database
(stateful tests create and delete todos: two fuzzers sharing a store would report each other's
deletions as lost resources). Server i runs seeds seed + i, seed + i + N, …; every other round
runs inside a sandbox of its own (api.md §6.4), `/sandboxes/fuzz-{seed}`.
"""

import argparse
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

from contract import SERVER_ARGUMENTS, errors, findings, run_schemathesis, server_totals, unexpected
from counterpart_server import started_server


def unexpected_findings(report_dir: Path, sandbox: str | None) -> int:
    """What a round found beyond expected_findings.toml, and the cases it could not run at all,
    wherever under `report_dir` its JUnit reports were written."""
    return len(unexpected(findings(report_dir, sandbox))) + len(errors(report_dir))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=400, help="test cases per operation and phase, per round")
    parser.add_argument("--servers", type=int, default=2, help="server and fuzzer pairs run side by side")
    parser.add_argument("--out", type=Path, default=Path("fuzz-results"))
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)

    started = time.monotonic()
    rounds: list[tuple[int, int, int]] = []
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        servers = [stack.enter_context(started_server(*SERVER_ARGUMENTS,
                                                      database=str(Path(folder) / f"fuzz-{index}.sqlite")))
                   for index in range(arguments.servers)]

        def answered() -> int:
            return sum(server_totals(server.url)["requests"] for server in servers
                       if server.process.poll() is None)

        def fuzz(index: int) -> None:
            server = servers[index]
            seed = arguments.seed + index
            while server.process.poll() is None and answered() < arguments.requests:
                report_dir = arguments.out / f"round-{seed}"
                sandbox = f"fuzz-{seed}" if (seed // arguments.servers) % 2 else None
                result = run_schemathesis(server.url, max_examples=arguments.examples, seed=seed,
                                          report_dir=report_dir, sandbox=sandbox)
                with lock:
                    rounds.append((seed, result.returncode, unexpected_findings(report_dir, sandbox)))
                seed += arguments.servers

        threads = [threading.Thread(target=fuzz, args=(index,)) for index in range(arguments.servers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        alive = all(server.process.poll() is None for server in servers)
        totals = [server_totals(server.url) for server in servers if server.process.poll() is None]
        exit_codes = []
        for server in servers:
            server.process.terminate()
            exit_codes.append(server.process.wait(timeout=30))

    minutes = (time.monotonic() - started) / 60
    requests = sum(total["requests"] for total in totals)
    server_errors = sum(total["server_errors"] for total in totals)
    crashes = sum(1 for code in exit_codes if code != 0) + (0 if alive else 1)
    found = sum(count for _, _, count in rounds)
    seeds = sorted(seed for seed, _, _ in rounds)
    summary = [
        f"{len(rounds)} seeded rounds (seeds {', '.join(map(str, seeds))}; {arguments.examples} examples per "
        f"operation and phase) on {arguments.servers} servers, {minutes:.1f} min",
        f"requests answered (the servers' own count): {requests:,}",
        f"findings beyond expected_findings.toml, and cases Schemathesis could not run: {found}",
        f"crashes: {crashes} (servers alive at the end: {alive}; exit codes at SIGTERM: {exit_codes})",
        f"5xx answers (the servers' own count): {server_errors}",
    ]
    (arguments.out / "latest.md").write_text("\n".join(f"- {line}" for line in summary) + "\n")
    print("\n".join(summary))
    return 0 if found == 0 and crashes == 0 and server_errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
