"""Writes references.json: every corpus case with what strict llhttp and h11 make of it, the
fixture the Swift differential test (`HTTPWireTests`) and the socket test read.

    python3 Tests/HTTPCorpus/record.py           # regenerate after changing the corpus
    python3 Tests/HTTPCorpus/record.py --check   # fail if the file is not what the corpus gives

In the file a case's bytes are a string with one character per byte (ISO-8859-1), so the fixture
stays readable; the references' versions are recorded with it, since a new llhttp or h11 may parse
differently and then the fixture says so in review.
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
import references  # noqa: E402

OUTPUT = Path(__file__).resolve().parent / "references.json"


def build() -> tuple[str, int]:
    cases = [
        {
            "name": case.name,
            "bytes": case.data.decode("latin-1"),
            "llhttp": references.llhttp(case.data),
            "h11": references.h11_parse(case.data),
        }
        for case in corpus.all_cases()
    ]
    document = {
        "references": {"httptools": version("httptools"), "h11": version("h11")},
        "cases": cases,
    }
    return json.dumps(document, indent=1, ensure_ascii=True) + "\n", len(cases)


def main() -> int:
    text, count = build()
    if "--check" in sys.argv[1:]:
        if not OUTPUT.exists() or OUTPUT.read_text() != text:
            print(
                f"{OUTPUT} is not what the corpus and the installed references give: "
                "run python3 Tests/HTTPCorpus/record.py and review the difference.",
                file=sys.stderr,
            )
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}: {count} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
