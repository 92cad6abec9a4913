"""Writes every case of references.json as a file of its bytes into the folder given: the seeds
Scripts/fuzz-http starts the fuzzer from."""

import hashlib
import json
import sys
from pathlib import Path

folder = Path(sys.argv[1])
folder.mkdir(parents=True, exist_ok=True)
cases = json.loads((Path(__file__).resolve().parent / "references.json").read_text())["cases"]
for case in cases:
    data = case["bytes"].encode("latin-1")
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
