"""Speed of the offline judge: milliseconds per conversation for one `evaluate` call.

    .venv/bin/python bench/local_judge.py [FILE.jsonl] [--rounds 5]

Reads labelled conversations (default ../shared/data/cc/cc_dev.jsonl), runs the local judge on
every summary with the three CCAI dimensions, as a run does, and prints the median over rounds of
the mean time per conversation. The first pass is a warm-up and is reported apart: it loads the
lemma tables of each language once per process (simplemma), which a worker pays once, not per
summary. CPU time is printed beside wall time: on a shared machine the wall time measures the
other processes as much as the judge. Needs no database. Issue 12's target: under 50 ms per
conversation.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from evaluations.benchmark import conversation_case, load_definitions, read_jsonl  # noqa: E402
from evaluations.judges import text  # noqa: E402
from evaluations.judges.local import LocalJudge  # noqa: E402
from evaluations.judges.types import CCAI_DIMENSIONS  # noqa: E402

DEFAULT = REPO_ROOT.parent / "shared" / "data" / "cc" / "cc_dev.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    definitions = load_definitions(options.file)
    cases = [conversation_case(row, definitions) for row in read_jsonl(options.file)]
    judge = LocalJudge()

    def one_pass() -> tuple[float, float]:
        # Every conversation is new to a worker: the per-text caches (values, number words,
        # tokens, content stems) start empty each round; word stems and lemma tables stay warm,
        # as in a long-lived worker.
        text._extract_facts.cache_clear()
        text._digits_for_numbers.cache_clear()
        text._words.cache_clear()
        text._content_stems.cache_clear()
        wall, cpu = time.perf_counter(), time.process_time()
        for case in cases:
            judge.evaluate(case.transcript, case.summary, dimensions=CCAI_DIMENSIONS)
        return (
            1000 * (time.perf_counter() - wall) / len(cases),
            1000 * (time.process_time() - cpu) / len(cases),
        )

    first, _ = one_pass()
    rounds = [one_pass() for _ in range(options.rounds)]
    walls = [wall for wall, _ in rounds]
    cpus = [cpu for _, cpu in rounds]
    # CPU time is what the judge costs; wall time adds whatever else the machine is doing.
    print(
        f"{options.file.name}: {len(cases)} conversations; first pass {first:.1f} ms per "
        f"conversation (loads the lemma tables); then over {options.rounds} rounds, wall "
        f"median {statistics.median(walls):.1f} ms (min {min(walls):.1f}), CPU median "
        f"{statistics.median(cpus):.1f} ms (min {min(cpus):.1f}); load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
