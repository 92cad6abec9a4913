"""What a newcomer sees when the machine lacks something (#36): Scripts/install-dependencies and
Scripts/swift-build stop with one line naming the cause and the fix, not pages of compiler output.
Each case puts a stand-in `swift` first on PATH (the real toolchain is never run)."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from counterpart_server import ROOT


# What the scripts run besides `swift`, linked into a folder of its own: PATH is that folder alone,
# so no `swift` is found unless a case puts one there, wherever the machine keeps its toolchain.
TOOLS = ("bash", "dirname", "sed", "head", "tail", "df", "awk", "grep", "mktemp", "tee", "rm", "cat", "id")


def run(script, swift_body=None, arguments=()):
    """Runs a script with the basic tools and, when `swift_body` is given, a `swift` that runs it."""
    with tempfile.TemporaryDirectory(prefix="counterpart-fake-swift-") as folder:
        for tool in TOOLS:
            os.symlink(shutil.which(tool), Path(folder) / tool)
        if swift_body is not None:
            fake = Path(folder) / "swift"
            fake.write_text("#!/bin/sh\n" + swift_body + "\n")
            fake.chmod(0o755)
        environment = dict(os.environ, PATH=folder)
        result = subprocess.run(["bash", str(ROOT / script), *arguments], capture_output=True, text=True,
                                timeout=60, env=environment, executable=shutil.which("bash"))
        return result.returncode, result.stdout + result.stderr


def test_no_swift_names_where_to_get_it():
    status, output = run("Scripts/install-dependencies")
    assert status == 1, output
    assert "no `swift` on PATH" in output and "swift.org/install" in output, output
    assert len(output.strip().splitlines()) == 1, output


def test_an_old_swift_is_refused_with_its_version():
    status, output = run("Scripts/install-dependencies", 'echo "Swift version 5.10 (swift-5.10-RELEASE)"')
    assert status == 1, output
    assert "Swift 6.3 or later" in output and "5.10" in output, output


@pytest.mark.parametrize("printed, cause", [
    ("error: write: No space left on device", "the disk is full"),
    ("error: Failed to clone repository https://github.com/groue/GRDB.swift", "could not be fetched"),
    ("fatal error: 'event2/event.h' file not found", "Scripts/install-dependencies installs"),
])
def test_a_failed_build_ends_with_its_cause(printed, cause):
    status, output = run("Scripts/swift-build", f'echo "{printed}" >&2; exit 1', arguments=["--product", "x"])
    assert status == 1, output
    assert printed in output, "the build's own output is shown"
    assert cause in output.strip().splitlines()[-1], output


def test_a_build_that_succeeds_says_nothing_more():
    status, output = run("Scripts/swift-build", 'echo "Build complete!"')
    assert status == 0, output
    assert output.strip() == "Build complete!"
