"""`manage.py judge_benchmark`: both file formats, the JSON shape and the missing-key error."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

METRIC_KEYS = {
    "n",
    "units",
    "balanced_accuracy",
    "balanced_accuracy_ci95",
    "precision_fail",
    "recall_fail",
    "kappa",
    "score_mae",
}

SECTIONS = [
    {
        "key": "action",
        "name": "Action",
        "origin": "predefined",
        "value_type": "free_text",
        "instructions": "Describe the actions the agent took to address the customer's needs.",
        "allowed_values": [],
    },
    {
        "key": "follow_up",
        "name": "Follow-up",
        "origin": "custom",
        "value_type": "free_text",
        "instructions": "List any follow-up the agent promised, with its date. Use 'representative' in place of 'agent'.",
        "allowed_values": [],
    },
    {
        "key": "escalated",
        "name": "Escalated",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": "Return Yes or No.",
        "allowed_values": ["Yes", "No"],
    },
]
CONVERSATION = {
    "id": "t-1",
    "turns": [
        {"role": "customer", "text": "I was charged a late fee of ten dollars."},
        {"role": "agent", "text": "I've waived the $10 late fee. I'll call you back on March 3."},
        {"role": "customer", "text": "Great, thanks."},
    ],
    "summary": {
        "sections": [
            {"key": "action", "text": "The agent waived the $30 late fee."},
            {"key": "follow_up", "text": "The agent will call back on March 3."},
            {"key": "escalated", "text": "No"},
        ]
    },
    "labels": {
        "accuracy": [
            {
                "section": "action",
                "point": "The agent waived the $30 late fee.",
                "is_accurate": False,
            },
            {
                "section": "follow_up",
                "point": "The agent will call back on March 3.",
                "is_accurate": True,
            },
            {"section": "escalated", "point": "Escalated: No", "is_accurate": True},
        ],
        "adherence": [
            {
                "section": "follow_up",
                "question": "Does the summary follow the instruction 'List any follow-up the agent promised, with its date.'?",
                "is_addressed": True,
            },
            {
                "section": "follow_up",
                "question": "Does the summary follow the instruction 'Use 'representative' in place of 'agent'.'?",
                "is_addressed": False,
            },
            {
                "section": "escalated",
                "question": "Does the summary return only one of the allowed categorical values?",
                "is_addressed": True,
            },
        ],
        "completeness": [
            {
                "section": "follow_up",
                "instruction": "List any follow-up the agent promised, with its date.",
                "content": [
                    {"transcript_content": "I'll call you back on March 3.", "is_covered": True}
                ],
            }
        ],
    },
    "expected": {"accuracy": 0.6667, "adherence": 0.6667, "completeness": 1.0},
}
CLAIMS = [
    {"transcript": "Emma: I paid ten dollars\nJosh: ok", "claim": "Emma paid $10.", "label": 1},
    {"transcript": "Emma: I paid ten dollars\nJosh: ok", "claim": "Emma paid $30.", "label": 0},
]


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    return path


def _run_json(path: Path, *args: str) -> dict:
    out = StringIO()
    call_command("judge_benchmark", str(path), "--judge", "local", "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_it_prints_one_json_object_per_dimension_for_conversations(tmp_path: Path):
    (tmp_path / "sections.json").write_text(json.dumps(SECTIONS), encoding="utf-8")
    result = _run_json(_write(tmp_path / "conversations.jsonl", [CONVERSATION]))
    assert set(result["dimensions"]) == {"accuracy", "adherence", "completeness"}
    for figures in result["dimensions"].values():
        assert set(figures) == METRIC_KEYS
    accuracy = result["dimensions"]["accuracy"]
    assert accuracy["n"] == 3
    assert accuracy["recall_fail"] == 1.0  # the planted $30 is caught
    assert accuracy["score_mae"] is not None
    adherence = result["dimensions"]["adherence"]
    assert adherence["n"] == 3
    assert adherence["recall_fail"] == 1.0  # "agent" instead of "representative" is caught
    assert result["dimensions"]["completeness"]["n"] == 1


def test_it_measures_claims_on_accuracy_only_with_no_expected_scores(tmp_path: Path):
    result = _run_json(_write(tmp_path / "claims.jsonl", CLAIMS))
    accuracy = result["dimensions"]["accuracy"]
    assert accuracy["n"] == 2
    assert accuracy["balanced_accuracy"] == 1.0
    assert accuracy["score_mae"] is None
    assert result["dimensions"]["adherence"]["n"] == 0


def test_it_honours_the_limit(tmp_path: Path):
    result = _run_json(_write(tmp_path / "claims.jsonl", CLAIMS), "--limit", "1")
    assert result["dimensions"]["accuracy"]["n"] == 1


def test_it_prints_a_table_without_json(tmp_path: Path):
    out = StringIO()
    call_command("judge_benchmark", str(_write(tmp_path / "c.jsonl", CLAIMS)), stdout=out)
    header = out.getvalue().splitlines()[1].split()
    assert header == [
        "dimension",
        "n",
        "bal_acc",
        "95%",
        "CI",
        "prec_fail",
        "rec_fail",
        "kappa",
        "score_mae",
    ]


def test_it_explains_that_the_claude_judge_needs_an_api_key(tmp_path: Path, settings):
    settings.ANTHROPIC_API_KEY = ""
    with pytest.raises(CommandError, match="ANTHROPIC_API_KEY"):
        call_command(
            "judge_benchmark", str(_write(tmp_path / "c.jsonl", CLAIMS)), "--judge", "anthropic"
        )


def test_it_rejects_a_file_in_neither_format(tmp_path: Path):
    with pytest.raises(CommandError, match="unknown format"):
        call_command("judge_benchmark", str(_write(tmp_path / "x.jsonl", [{"text": "hi"}])))


def test_the_claude_benchmark_uses_the_configured_model_through_the_sdk(
    tmp_path: Path, settings, fake_anthropic
):
    settings.ANTHROPIC_API_KEY = "test-key"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MODEL = "claude-haiku-4-5"
    settings.JUDGE_MAX_RETRIES = 0

    out = StringIO()
    call_command(
        "judge_benchmark",
        str(_write(tmp_path / "claims.jsonl", CLAIMS)),
        "--judge",
        "anthropic",
        "--json",
        stdout=out,
    )

    result = json.loads(out.getvalue())
    assert result["dimensions"]["accuracy"]["n"] == 2
    models = {request.body["model"] for request in fake_anthropic.message_requests()}
    assert models == {"claude-haiku-4-5"}


def _two_conversations(tmp_path: Path) -> Path:
    (tmp_path / "sections.json").write_text(json.dumps(SECTIONS), encoding="utf-8")
    second = {**CONVERSATION, "id": "t-2"}
    return _write(tmp_path / "conversations.jsonl", [CONVERSATION, second])


def test_it_keeps_only_the_conversations_listed_with_ids(tmp_path: Path):
    path = _two_conversations(tmp_path)
    ids = tmp_path / "half.txt"
    ids.write_text("# one half\nt-2\n", encoding="utf-8")
    result = _run_json(path, "--ids", str(ids))
    assert result["rows"] == 1
    assert result["dimensions"]["accuracy"]["n"] == 3
    assert result["dimensions"]["accuracy"]["units"] == 1


def test_it_refuses_an_id_the_file_does_not_have(tmp_path: Path):
    ids = tmp_path / "half.txt"
    ids.write_text("t-2\nt-9\n", encoding="utf-8")
    with pytest.raises(CommandError, match="no conversation with id t-9"):
        _run_json(_two_conversations(tmp_path), "--ids", str(ids))


def test_it_writes_every_compared_item_with_its_label_verdict_and_reason(tmp_path: Path):
    items_path = tmp_path / "items.jsonl"
    result = _run_json(_two_conversations(tmp_path), "--items", str(items_path))
    items = [json.loads(line) for line in items_path.read_text(encoding="utf-8").splitlines()]
    assert len(items) == sum(figures["n"] for figures in result["dimensions"].values())
    planted = next(i for i in items if i["item"] == "The agent waived the $30 late fee.")
    assert planted["unit"] == "t-1"
    assert planted["label"] is False
    assert planted["verdict"] is False
    assert planted["agrees"] is True
    assert "$30" in planted["reason"]
    style = next(i for i in items if "representative" in i["item"])
    assert style["dimension"] == "adherence"
    assert "agent" in style["reason"]


def test_it_gives_balanced_accuracy_a_bootstrap_interval_over_conversations(tmp_path: Path):
    result = _run_json(_two_conversations(tmp_path))
    accuracy = result["dimensions"]["accuracy"]
    low, high = accuracy["balanced_accuracy_ci95"]
    assert low <= accuracy["balanced_accuracy"] <= high
    assert accuracy["units"] == 2
    assert result["ms_per_unit"] > 0
    assert (
        _run_json(_two_conversations(tmp_path), "--resamples", "0")["dimensions"]["accuracy"][
            "balanced_accuracy_ci95"
        ]
        is None
    )
