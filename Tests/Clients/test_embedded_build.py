"""The embedded build — what Scripts/serve builds and users run on SQLite — is built without the
PostgreSQL trait (#36): it compiled none of SwiftNIO, BoringSSL, PostgresNIO or swift-syntax, and
given a postgres:// database it stops at once with a message naming the way to a build that has it."""

import subprocess
from pathlib import Path

import pytest

from counterpart_server import BINARY

URL = "postgres://demo:s3cret@127.0.0.1:1/demo"
# Modules of the packages the embedded build must not compile: SwiftNIO, swift-nio-ssl and
# swift-crypto (each with a BoringSSL), PostgresNIO, swift-syntax (macros), the OpenAPI generator.
FORBIDDEN = ("NIO", "CNIO", "_NIO", "PostgresNIO", "_ConnectionPoolModule", "Crypto", "CCrypto", "SwiftSyntax",
             "SwiftParser", "SwiftCompilerPlugin", "OpenAPIKit", "_OpenAPIGeneratorCore", "Yams")


@pytest.mark.parametrize("command", [["serve", "--port", "0"], ["migrate"], ["seed", "--dataset", "demo"]])
def test_a_postgres_database_is_refused_with_the_way_out(command):
    result = subprocess.run([str(BINARY), *command, "--database", URL], capture_output=True, text=True, timeout=30)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "built without PostgreSQL" in output, output
    assert "Scripts/serve --database postgres://" in output, output
    assert "swift build --traits PostgreSQL" in output, output
    assert "s3cret" not in output


def test_no_module_of_the_postgresql_or_macro_stacks_was_compiled():
    """SwiftPM plans a folder for every module of every resolved package; one it compiled holds
    object files (Swift's and C's alike)."""
    build = Path(BINARY).resolve().parent
    compiled = sorted(folder.name.removesuffix(".build") for folder in build.glob("*.build")
                      if any(folder.rglob("*.o")))
    assert "AppFeature" in compiled, f"{build} is not the build of {BINARY}: {compiled}"
    forbidden = [name for name in compiled if name.startswith(FORBIDDEN)]
    assert forbidden == [], (f"{build} holds modules the embedded build must not compile: {forbidden}. A build "
                             "folder from before PostgreSQL became a trait keeps them: rm -rf .build and build again.")
