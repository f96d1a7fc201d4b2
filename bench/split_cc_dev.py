"""Split `cc_dev.jsonl` in two halves by conversation, once, before the offline judge's rules change.

Issue 12: the local judge is developed on half A only and measured on both, so a rule fitted to
the phrasing of the conversations it was developed on shows as a gap between the halves.

The rule is deterministic and uses the labels only, never the judge's output:
1. order the conversations by their number of inaccurate points (most first), ties by
   sha256("summaryqa-i12-split:" + id);
2. deal them alternately to A and B, so both halves hold as many failing points as can be.

    .venv/bin/python bench/split_cc_dev.py [../shared/data/cc/cc_dev.jsonl]

writes bench/data/cc_dev_half_a.txt and cc_dev_half_b.txt (one id a line) and prints what each
half holds. The committed files are the split; re-running only proves they follow the rule.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parent.parent / "shared" / "data" / "cc" / "cc_dev.jsonl"
SALT = "summaryqa-i12-split:"


def _failing_points(row: dict) -> int:
    return sum(not label["is_accurate"] for label in row["labels"]["accuracy"])


def split(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    ordered = sorted(
        rows,
        key=lambda row: (
            -_failing_points(row),
            hashlib.sha256((SALT + row["id"]).encode()).hexdigest(),
        ),
    )
    return ordered[0::2], ordered[1::2]


def _describe(name: str, half: list[dict]) -> str:
    accuracy = [label for row in half for label in row["labels"]["accuracy"]]
    adherence = [label for row in half for label in row["labels"]["adherence"]]
    facts = [
        item
        for row in half
        for rubric in row["labels"]["completeness"]
        for item in rubric["content"]
    ]
    return (
        f"half {name}: {len(half)} conversations; accuracy {len(accuracy)} points "
        f"({sum(not a['is_accurate'] for a in accuracy)} failing); adherence {len(adherence)} "
        f"({sum(not a['is_addressed'] for a in adherence)} failing); completeness {len(facts)} "
        f"({sum(not f['is_covered'] for f in facts)} failing)"
    )


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line]
    halves = split(rows)
    for name, half in zip("ab", halves, strict=True):
        target = HERE / "data" / f"cc_dev_half_{name}.txt"
        header = (
            f"# cc_dev.jsonl, half {name.upper()} (bench/split_cc_dev.py: by failing points, "
            "then sha256 of the salted id, dealt alternately)\n"
        )
        target.write_text(
            header + "".join(f"{row['id']}\n" for row in sorted(half, key=lambda row: row["id"])),
            encoding="utf-8",
        )
        print(_describe(name.upper(), half))


if __name__ == "__main__":
    main()
