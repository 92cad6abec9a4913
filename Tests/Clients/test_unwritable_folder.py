"""A database folder the server cannot write — a host folder mounted into the container, owned by
the host's user (#17) — stops `serve` with exit 1 and a message that names the fixes, instead of a
bare `Permission denied`."""

import os
import shutil
import subprocess
import tempfile

from counterpart_server import BINARY


def test_an_unwritable_folder_names_the_fix():
    workspace = tempfile.mkdtemp(prefix="counterpart-unwritable-", dir="/tmp")
    try:
        os.chmod(workspace, 0o755)
        binary = os.path.join(workspace, "counterpart")
        shutil.copy(BINARY, binary)
        os.chmod(binary, 0o755)
        folder = os.path.join(workspace, "data")
        os.mkdir(folder, 0o755)
        command = [binary, "serve", "--port", "0", "--database", os.path.join(folder, "counterpart.sqlite")]
        if os.geteuid() == 0:
            # As root every folder is writable: run as nobody, as the image's user meets a host folder.
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        else:
            os.chmod(folder, 0o555)
        result = subprocess.run(command, capture_output=True, text=True, timeout=30)
        output = result.stdout + result.stderr
        assert result.returncode == 1, output
        assert "Permission denied" in output
        assert "docker run -v counterpart-data:/data" in output, output
        assert "--user $(id -u):$(id -g)" in output, output
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
