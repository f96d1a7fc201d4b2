"""Everything that writes evaluation runs, evaluations and verdicts, by sub-domain:

- `runs`: plan, create, hand out (fan-out), close, cancel, retry and resume a run;
- `evaluate`: judge one summary, from its claim to its stored verdicts (with the rate-limit glue);
- `claims`: the claim state machine of one evaluation, and the outcomes it ends in;
- `verdicts`: one summary's verdict rows, written once under its claim;
- `usage`: the model calls an attempt was billed for, and the evaluation's usage counters;
- `rubrics`: the adherence questions of a section definition version, derived once;
- `watchdog`: the look that brings back work whose worker or message was lost;
- `batches`: batch runs, through Anthropic's Message Batches API (submit, poll, store);
- `judge_settings`: the judge, model and dimensions new runs start from;
- `dispatch`: the one module that enqueues Celery tasks;
- `faults`: named fault-injection points for tests.

Import the public API from here (`from evaluations.services import evaluation_run_create`); the
sub-modules are the place to read and change it. A run's scope is `evaluations.scope.RunScope`.

Tests replace neither private functions nor Celery: `dispatch.held()` keeps the messages a block
would send (the `held_messages` fixture keeps them all), and `faults.injected(point, ...)` makes a
named step fail before it starts or after it has committed.
"""

from __future__ import annotations

from evaluations.services.claims import EvaluateOutcome, Outcome, retry_delay
from evaluations.services.evaluate import (
    RATE_LIMIT_MAX_WAIT_SECONDS,
    OutcomeNotStored,
    summary_evaluate,
)
from evaluations.services.judge_settings import judge_settings_update
from evaluations.services.rubrics import rubric_question_set_get_or_create
from evaluations.services.runs import (
    MAX_QUESTIONS_LIMIT,
    DuplicateRun,
    RunPlan,
    evaluation_run_cancel,
    evaluation_run_create,
    evaluation_run_duplicate,
    evaluation_run_enqueue,
    evaluation_run_fan_out,
    evaluation_run_finish_if_done,
    evaluation_run_plan,
    evaluation_run_retry_failed,
)

__all__ = [
    "MAX_QUESTIONS_LIMIT",
    "RATE_LIMIT_MAX_WAIT_SECONDS",
    "DuplicateRun",
    "EvaluateOutcome",
    "Outcome",
    "OutcomeNotStored",
    "RunPlan",
    "evaluation_run_cancel",
    "evaluation_run_create",
    "evaluation_run_duplicate",
    "evaluation_run_enqueue",
    "evaluation_run_fan_out",
    "evaluation_run_finish_if_done",
    "evaluation_run_plan",
    "evaluation_run_retry_failed",
    "judge_settings_update",
    "retry_delay",
    "rubric_question_set_get_or_create",
    "summary_evaluate",
]
