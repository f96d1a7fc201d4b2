from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO_ROOT

ENGINE_MODULES = [
    "evaluations.judges",
    "evaluations.judges.types",
    "evaluations.judges.base",
    "evaluations.judges.rubrics",
    "evaluations.judges.categorical",
    "evaluations.judges.evidence",
    "evaluations.judges.scoring",
    "evaluations.judges.summarization",
]


def _import_in_a_fresh_interpreter(code: str) -> dict[str, object]:
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_the_engine_imports_without_django_or_the_judges_behind_it() -> None:
    loaded = _import_in_a_fresh_interpreter(
        "import importlib, json, os, sys\n"
        "assert 'DJANGO_SETTINGS_MODULE' not in os.environ\n"
        f"for name in {ENGINE_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "from evaluations.judges import create_summarization_scorer, run_evals\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'anthropic') or m.startswith(('evaluations.judges.claude', "
        "'evaluations.judges.local')))))\n"
    )

    assert loaded == []


def test_the_engine_scores_a_summary_without_django_settings() -> None:
    result = _import_in_a_fresh_interpreter(
        "import json, sys\n"
        "from evaluations.judges.scoring import assemble_verdict\n"
        "from evaluations.judges.types import SectionSpec, SummarySpec, AccuracyPoint\n"
        "section = SectionSpec(key='situation', text='Billed twice.', origin='predefined',"
        " value_type='free_text', instructions='Describe the issue.')\n"
        "verdict = assemble_verdict(judge='local', model='local', prompt_version='t',"
        " summary=SummarySpec(sections=(section,)), dimensions=('accuracy', 'adherence'),"
        " accuracy_points=[AccuracyPoint(section='situation', point='p', accuracy='a',"
        " is_accurate=True)])\n"
        "print(json.dumps({'verdict': verdict.model_dump(mode='json'),"
        " 'django': 'django' in sys.modules}))\n"
    )

    assert result["django"] is False
    assert result["verdict"]["accuracy"] == {"value": 1.0, "na_reason": None}
    assert result["verdict"]["adherence"]["value"] is None
