"""The HTTP/1.1 request corpus the differential tests read: llhttp's own request tests and the
framing gadgets of `gadgets.py`, as (name, bytes) cases.

llhttp writes its tests as Markdown (`llhttp/*.md`, vendored with its licence): an `http` block is
the input, written with LF line ends that its runner turns into CRLF, and escapes (`\\r`, `\\n`,
`\\t`, `\\f`, `\\xHH`, octal) for the bytes a text block cannot show. This module applies the same
transformations as llhttp's `test/md-test.ts`, so a case here is byte for byte the one llhttp runs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import gadgets

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    name: str
    data: bytes


def llhttp_cases() -> list[Case]:
    """Every request case of the vendored llhttp tests (responses and URL-only cases left out)."""
    cases = []
    for path in sorted((HERE / "llhttp").glob("*.md")):
        heading, meta, block, inside = "", None, [], False
        for number, line in enumerate(path.read_text().split("\n"), start=1):
            if inside:
                if line.startswith("```"):
                    inside = False
                    if meta and str(meta.get("type", "")).startswith("request"):
                        cases.append(Case(f"llhttp/{path.stem}:{start} {heading}", _unescape("\n".join(block) + "\n")))
                    meta = None
                else:
                    block.append(line)
            elif line.startswith("#"):
                heading = line.lstrip("#").strip()
            elif line.startswith("<!-- meta="):
                meta = json.loads(line[len("<!-- meta=") : -len(" -->")].strip())
            elif line.startswith("```http"):
                inside, block, start = True, [], number
    return cases


def _unescape(text: str) -> bytes:
    """llhttp's md-test.ts input transformations, in its order."""
    text = re.sub(r"\n$", "", text)
    text = re.sub(r"\\(\r\n|\r|\n)", "", text)
    text = re.sub(r"\r\n|\r|\n", "\r\n", text)
    text = text.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t").replace("\\f", "\f")
    text = re.sub(r"\\x([0-9a-fA-F]+)", lambda match: chr(int(match.group(1), 16)), text)
    text = re.sub(r"\\([0-7]{1,3})", lambda match: chr(int(match.group(1), 8)), text)
    if "${" in text:
        raise ValueError("inline JavaScript in an llhttp case: extend corpus.py to evaluate it")
    return text.encode("utf-8") if any(ord(c) > 0xFF for c in text) else text.encode("latin-1")


def all_cases() -> list[Case]:
    return llhttp_cases() + [Case(name, data) for name, data in gadgets.cases()]
