"""Fill a scratch PostgreSQL database at production scale, for the page benchmarks (bench/pages.py)
and the dashboard's (issue 11).

    .venv/bin/python bench/scale_data.py [--conversations 100000] [--long 200] [--weeks 26]
                                         [--review-share 0.03] [--seed 9]

What it makes, with the defaults: 100k conversations over the last 26 weeks (about 20 turns each,
200 of them 150 turns long) in 8 queues, 120 agents, voice and chat; one summary each, by two
generators (summarizer-v3 fades out as v4 takes over), written against predefined sections only or
with custom ones (`next_steps` in two versions, the second from week 13, and a categorical
`contact_reason`); a flawed quarter of the summaries carries inaccurate points. Two judge
configurations judged them: the offline judge in weekly runs (every summary, three dimensions) and
Claude in two sample runs (a fifth of weeks 8 to 23, all four dimensions), so those summaries
have two evaluations and the later one is the latest. About 1M verdict rows in all, with section
scores and Claude's model calls. Analysts reviewed a share of the latest evaluations, some blind,
some twice; the humans mostly agree with the judge, and a blind reviewer a little less.

How, in steps:
1. Drop and create the database (`BENCH_SCALE_DATABASE_URL`, default
   `postgres://postgres@127.0.0.1:5432/summaryqa_bench_scale`) and migrate it, so the schema and
   its indexes are the migrations' own.
2. Small reference rows through the ORM: agents, custom section definitions, rubric question sets,
   users in the role groups, the runs.
3. One seeded pass over the conversations writes every large table into a temporary file in
   PostgreSQL's COPY text format. Each table's columns come from its model: a column the generator
   does not fill takes the field's default, and a NOT NULL column with no default stops the script
   with its name, so a new field cannot be forgotten silently.
4. In one transaction, as pg_restore does: drop the foreign keys and secondary indexes of those
   tables, COPY the files, create the indexes again and add the foreign keys back (PostgreSQL
   validates each in one pass). Reset the id sequences. (The evaluations' copies of their
   conversation's start, queue and channel are set by the table's trigger as the rows go in.)
5. Store the runs' totals, then VACUUM ANALYZE, as autovacuum would after a bulk load.
6. Build the dashboard's rollup from the rows (`rebuild_dashboard_rollup`), which the bulk load
   bypassed.

It prints the rows per table and the seconds per step. `fill(Scale(...))` does the same for
another benchmark; `configure_django()` points a process at the database without changing it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get(
    "BENCH_SCALE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa_bench_scale"
)
PASSWORD = "bench-scale-2026"  # every bench user's


@dataclass(frozen=True)
class Scale:
    conversations: int = 100_000
    long_conversations: int = 200
    long_turns: int = 150
    min_turns: int = 12
    max_turns: int = 28
    weeks: int = 26
    agents: int = 120
    # Share of the latest evaluations an analyst reviewed, and of those, reviewed blind.
    review_share: float = 0.03
    blind_share: float = 0.4
    # Share of weeks 8 to weeks-2 that the Claude configuration judged too.
    second_judge_share: float = 0.2
    seed: int = 9


QUEUES = {
    "billing": 0.26,
    "technical-support": 0.22,
    "sales": 0.12,
    "retention": 0.1,
    "claims": 0.09,
    "onboarding": 0.08,
    "collections": 0.07,
    "general": 0.06,
}
ANALYSTS = [f"analyst{n}" for n in range(1, 7)]


@dataclass(frozen=True)
class JudgeConfig:
    judge: str
    model: str
    prompt_version: str
    dimensions: tuple[str, ...]
    miss_rate: float  # the chance the judge passes an inaccurate point
    false_alarm_rate: float  # the chance it fails an accurate one
    failure_rate: float  # evaluations that end in a judge error
    calls: int  # model calls per evaluation


LOCAL = JudgeConfig(
    "local",
    "local",
    "local-lexical-1",
    ("accuracy", "adherence", "completeness"),
    miss_rate=0.3,
    false_alarm_rate=0.06,
    failure_rate=0.004,
    calls=0,
)
CLAUDE = JudgeConfig(
    "anthropic",
    "claude-sonnet-5",
    "cs5-7d1e40a2",
    ("accuracy", "adherence", "completeness", "summarization"),
    miss_rate=0.12,
    false_alarm_rate=0.03,
    failure_rate=0.01,
    calls=5,
)


# --- text ---------------------------------------------------------------------------------------

_PRODUCTS = ["router", "fibre plan", "mobile plan", "set-top box", "mesh extender", "TV package"]
_FIRST = ["Ana", "Ben", "Chloe", "Dev", "Erin", "Femi", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena"]
_LAST = ["Okafor", "Silva", "Nguyen", "Kowalski", "Haddad", "Murphy", "Tanaka", "Ibrahim", "Berg"]
_CUSTOMER = [
    "I was charged {amount} twice on my {product} bill this month.",
    "My order {order} still has not arrived and it has been {days} days.",
    "The {product} keeps dropping the connection every evening around {time}.",
    "Can you tell me why my plan went up to {amount} a month?",
    "I already called on {date} and nobody called me back.",
    "I would like to cancel the {product} if it cannot be fixed.",
    "Could I speak to a supervisor about the {product} please?",
    "I moved house on {date} and the {product} was never transferred.",
    "The engineer missed the appointment on {date} between {time} and noon.",
    "Is there a cheaper plan than {amount} for the {product}?",
]
_AGENT = [
    "I am sorry about that. Let me pull up the account ending in {digits}.",
    "I can see the duplicate charge of {amount} from {date}; I have refunded it now.",
    "I have opened ticket {ticket} and escalated it to the network team.",
    "The replacement {product} will ship today and arrive by {date}.",
    "I have applied a credit of {amount} to your next bill.",
    "Is there anything else I can help you with today?",
    "I have booked an engineer for {date}; you will get a text the day before.",
    "Your contract ends on {date}, so there is no early termination fee.",
    "I will call you back on {date} once the ticket {ticket} is resolved.",
    "Thank you for your patience, {name}; I have noted everything on the account.",
]
_SITUATION = [
    "The customer was charged {amount} twice for the {product} and asked for a refund.",
    "The customer's order {order} had not arrived after {days} days.",
    "The customer reported the {product} dropping the connection every evening.",
    "The customer asked why the {product} price rose to {amount}.",
    "The customer wanted to cancel the {product} after repeated faults.",
]
_ACTION = [
    "The agent refunded {amount} and confirmed it would arrive in 3 to 5 days.",
    "The agent opened ticket {ticket} and escalated it to the network team.",
    "The agent shipped a replacement {product} due by {date}.",
    "The agent applied a credit of {amount} to the next bill.",
    "The agent booked an engineer visit for {date}.",
]
_NEXT_STEPS = [
    "The agent will call back on {date} with the outcome of ticket {ticket}.",
    "The refund of {amount} arrives by {date}; no further action.",
    "The engineer visits on {date}; the customer gets a text the day before.",
    "None.",
]
_CONTACT_REASONS = ["Billing dispute", "Technical fault", "Cancellation request", "Delivery"]
_RESOLUTION = ["Y", "P", "N", "N/A"]
_SATISFACTION = ["D", "N"]


def _fill(template: str, rng: random.Random) -> str:
    return template.format(
        amount=f"${rng.randint(5, 140)}.{rng.randint(0, 99):02d}",
        product=rng.choice(_PRODUCTS),
        order=f"A{rng.randint(10000, 99999)}",
        ticket=f"INC-{rng.randint(100000, 999999)}",
        days=rng.randint(3, 14),
        time=f"{rng.randint(6, 10)} pm",
        date=f"{rng.choice(['March', 'April', 'May', 'June'])} {rng.randint(1, 28)}",
        digits=rng.randint(1000, 9999),
        name=rng.choice(_FIRST),
    )


def _pool(templates: list[str], rng: random.Random, size: int) -> list[str]:
    """Filled sentences, drawn from once per turn: filling each turn afresh would cost more than
    the rest of the generator together."""
    return [_fill(rng.choice(templates), rng) for _ in range(size)]


# --- writing COPY files ---------------------------------------------------------------------------

_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_NEEDS_ESCAPE = re.compile(r"[\\\t\n\r]").search


def _text(value: str) -> str:
    return value.translate(_ESCAPES) if _NEEDS_ESCAPE(value) else value


def _json(value: Any) -> str:
    return _text(json.dumps(value))


# One value in PostgreSQL's COPY text format, by its type (a dict lookup: this runs ten million
# times); other types (dates, decimals) as str().
_RENDER: dict[type, Any] = {
    str: _text,
    int: str,
    float: repr,
    bool: lambda value: "t" if value else "f",
    type(None): lambda value: "\\N",
    list: _json,
    dict: _json,
    dt.datetime: dt.datetime.isoformat,
}


def _copy_text(value: Any) -> str:
    text: str = _RENDER.get(type(value), str)(value)
    return text


class TableFile:
    """The rows of one table in COPY text format, in a temporary file. `columns` are the model's
    attribute names the generator fills, in the order `write` takes them; the model's other
    columns get their field's default."""

    def __init__(self, model: Any, columns: tuple[str, ...], directory: str) -> None:
        self.model = model
        self.table = model._meta.db_table
        fields = {f.attname: f for f in model._meta.concrete_fields}
        unknown = [c for c in columns if c not in fields]
        if unknown:
            raise ValueError(f"{self.table} has no column {', '.join(unknown)}")
        self.columns = [fields[c].column for c in columns]
        defaults = []
        for name, model_field in fields.items():
            if name in columns:
                continue
            # What the ORM would store for an unset field: its default, "" for text.
            default = model_field.get_default()
            if default is not None:
                self.columns.append(model_field.column)
                defaults.append(_copy_text(default))
            elif not model_field.null:
                raise SystemExit(
                    f"bench/scale_data.py gives no value for {self.table}.{model_field.column} "
                    "(NOT NULL, no default): add it to the generator"
                )
        self.width = len(columns)
        self.suffix = "".join("\t" + d for d in defaults) + "\n"
        # Closed by copy_into once PostgreSQL has it (or with the temporary directory).
        self.file: IO[str] = tempfile.TemporaryFile("w+", encoding="utf-8", dir=directory)  # noqa: SIM115
        self.rows = 0

    def write(self, *values: Any) -> None:
        if len(values) != self.width:
            raise ValueError(f"{self.table}: {len(values)} values for {self.width} columns")
        self.file.write("\t".join([_RENDER.get(type(v), str)(v) for v in values]) + self.suffix)
        self.rows += 1

    def copy_into(self, cursor: Any) -> None:
        self.file.seek(0)
        columns = ", ".join(f'"{c}"' for c in self.columns)
        with cursor.copy(f'COPY "{self.table}" ({columns}) FROM STDIN') as copy:
            while chunk := self.file.read(1 << 20):
                copy.write(chunk)
        self.file.close()


# --- the generator --------------------------------------------------------------------------------


@dataclass
class RunTotals:
    run: Any
    total: int = 0
    evaluated: int = 0
    failed: int = 0
    first: dt.datetime | None = None
    last: dt.datetime | None = None
    model_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost: float = 0.0

    def add(self, *, succeeded: bool, started: dt.datetime, finished: dt.datetime) -> None:
        self.total += 1
        if succeeded:
            self.evaluated += 1
        else:
            self.failed += 1
        self.first = min(self.first or started, started)
        self.last = max(self.last or finished, finished)


@dataclass
class Section:
    key: str
    definition_id: int
    categorical: bool
    custom: bool
    text: str
    rubric_questions: list[str] = field(default_factory=list)
    instructions: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class JudgedItem:
    kind: str  # evaluations.models.ReviewKind
    item_id: int
    section: str
    judge_value: bool
    truth: bool  # what a careful analyst with the transcript would say


@dataclass
class JudgedItems:
    evaluation_id: int
    finished: dt.datetime
    judge_version: tuple[str, str, str]
    items: list[JudgedItem] = field(default_factory=list)

    def add(self, kind: str, item_id: int, section: str, judge_value: bool, truth: bool) -> None:
        self.items.append(JudgedItem(kind, item_id, section, judge_value, truth))


@dataclass
class Report:
    rows: dict[str, int]
    seconds: dict[str, float]


class Generator:
    """Writes every large table for one `Scale`; `run()` returns the files, parents first."""

    def __init__(self, scale: Scale, directory: str) -> None:
        self.scale = scale
        self.rng = random.Random(scale.seed)
        self.directory = directory
        # An hour back, so that the last run's evaluations have all finished by now.
        self.end = dt.datetime.now(dt.UTC).replace(
            minute=0, second=0, microsecond=0
        ) - dt.timedelta(hours=1)
        self.start = self.end - dt.timedelta(weeks=scale.weeks)
        self.ids: dict[str, int] = {}

    def next_id(self, table: str) -> int:
        self.ids[table] = self.ids.get(table, 0) + 1
        return self.ids[table]

    # 2. Reference rows -----------------------------------------------------------------------

    def reference_rows(self) -> None:
        from django.contrib.auth.hashers import make_password
        from django.contrib.auth.models import Group, User

        from evaluations.models import EvaluationRun, RubricQuestionSet
        from summaries.models import Agent, SectionDefinition

        rng = self.rng
        self.agents = Agent.objects.bulk_create(
            Agent(
                external_id=f"ag-{n:04d}",
                display_name=f"{rng.choice(_FIRST)} {rng.choice(_LAST)}",
            )
            for n in range(self.scale.agents)
        )
        # Each agent works one or two queues.
        self.agents_by_queue: dict[str, list[Any]] = {q: [] for q in QUEUES}
        for agent in self.agents:
            for queue in rng.sample(list(QUEUES), k=rng.choice([1, 1, 2])):
                self.agents_by_queue[queue].append(agent)
        for agents in self.agents_by_queue.values():
            if not agents:
                agents.append(rng.choice(self.agents))

        predefined = {
            d.key: d for d in SectionDefinition.objects.filter(origin="predefined", is_active=True)
        }
        next_steps_v1 = SectionDefinition.objects.create(
            key="next_steps",
            version=1,
            name="Next steps",
            origin="custom",
            value_type="free_text",
            instructions="List every follow-up the agent promised, with its date.",
            is_active=False,
        )
        next_steps_v2 = SectionDefinition.objects.create(
            key="next_steps",
            version=2,
            name="Next steps",
            origin="custom",
            value_type="free_text",
            instructions=(
                "List every follow-up the agent promised, with its date. Say who owns each one."
            ),
        )
        contact_reason = SectionDefinition.objects.create(
            key="contact_reason",
            name="Contact reason",
            origin="custom",
            value_type="categorical",
            instructions="Choose the one reason the customer contacted us.",
            allowed_values=_CONTACT_REASONS,
        )
        questions = {
            next_steps_v1.pk: ["Does it list every follow-up the agent promised, with its date?"],
            next_steps_v2.pk: [
                "Does it list every follow-up the agent promised, with its date?",
                "Does it say who owns each follow-up?",
            ],
        }
        RubricQuestionSet.objects.bulk_create(
            RubricQuestionSet(definition_id=pk, questions=qs, derived_with="bench")
            for pk, qs in questions.items()
        )
        self.definitions = {
            "situation": predefined["situation"],
            "action": predefined["action"],
            "resolution": predefined["resolution"],
            "customer_satisfaction": predefined["customer_satisfaction"],
            "next_steps_v1": next_steps_v1,
            "next_steps_v2": next_steps_v2,
            "contact_reason": contact_reason,
        }
        self.rubric_questions = questions

        password = make_password(PASSWORD)
        groups = {g.name: g for g in Group.objects.all()}
        users = []
        for username in [*ANALYSTS, "manager", "admin"]:
            users.append(
                User.objects.create(
                    username=username,
                    password=password,
                    is_staff=username == "admin",
                    is_superuser=username == "admin",
                )
            )
        for user in users[: len(ANALYSTS)]:
            if "QA analysts" in groups:
                user.groups.add(groups["QA analysts"])
        if "Managers" in groups:
            users[len(ANALYSTS)].groups.add(groups["Managers"])
        self.analysts = users[: len(ANALYSTS)]
        self.manager = users[len(ANALYSTS)]

        # Runs: the offline judge every week, Claude twice over samples of earlier weeks.
        weeks = self.scale.weeks
        self.weekly_runs = []
        for week in range(weeks):
            created = min(self.week_start(week + 1) + dt.timedelta(hours=2), self.end)
            self.weekly_runs.append(
                self._run(
                    LOCAL,
                    name=f"Weekly, offline judge, week of {self.week_start(week):%Y-%m-%d}",
                    created=created,
                    date_from=self.week_start(week).date(),
                    date_to=(self.week_start(week + 1) - dt.timedelta(days=1)).date(),
                )
            )
        # Claude's spans: weeks 8 to 17 and 18 to 23 of 26 (and in proportion for other lengths).
        first, middle, last = weeks * 8 // 26, weeks * 18 // 26, max(weeks - 2, weeks * 18 // 26)
        self.claude_spans = [
            span for span in ((first, middle), (middle, last)) if span[0] < span[1]
        ]
        self.claude_runs = [
            self._run(
                CLAUDE,
                name=f"Claude sample, weeks {first + 1} to {last}",
                created=self.week_start(last) + dt.timedelta(hours=5),
                date_from=self.week_start(first).date(),
                date_to=(self.week_start(last) - dt.timedelta(days=1)).date(),
                sample=True,
            )
            for first, last in self.claude_spans
        ]
        runs = [*self.weekly_runs, *self.claude_runs]
        created_ats = [run.created_at for run in runs]
        EvaluationRun.objects.bulk_create(runs)
        # auto_now_add overwrote created_at on the instances; the dates matter to the rows below
        # (and _store_run_totals writes them to the table).
        for run, when in zip(runs, created_ats, strict=True):
            run.created_at = when
        self.totals = {run.name: RunTotals(run) for run in [*self.weekly_runs, *self.claude_runs]}

    def _run(
        self,
        config: JudgeConfig,
        *,
        name: str,
        created: dt.datetime,
        date_from: dt.date,
        date_to: dt.date,
        sample: bool = False,
    ) -> Any:
        from evaluations.models import EvaluationRun

        return EvaluationRun(
            name=name,
            judge=config.judge,
            model=config.model,
            prompt_version=config.prompt_version,
            dimensions=list(config.dimensions),
            date_from=date_from,
            date_to=date_to,
            sample_size=None,
            sample_seed=self.scale.seed if sample else None,
            status=EvaluationRun.Status.FINISHED,
            created_by=self.manager,
            created_at=created,
        )

    def week_start(self, week: int) -> dt.datetime:
        return self.start + dt.timedelta(weeks=week)

    # 3. The large tables ----------------------------------------------------------------------

    def files(self) -> dict[str, TableFile]:
        from evaluations import models as e
        from summaries import models as s

        d = self.directory
        return {
            "conversation": TableFile(
                s.Conversation,
                (
                    "id",
                    "source",
                    "external_id",
                    "channel",
                    "language",
                    "agent_id",
                    "queue",
                    "started_at",
                    "metadata",
                    "content_hash",
                    "imported_at",
                ),
                d,
            ),
            "turn": TableFile(
                s.Turn,
                ("id", "conversation_id", "index", "role", "speaker", "text", "offset_ms"),
                d,
            ),
            "summary": TableFile(
                s.Summary, ("id", "conversation_id", "generator", "content_hash", "created_at"), d
            ),
            "section": TableFile(
                s.SummarySection, ("id", "summary_id", "definition_id", "position", "text"), d
            ),
            "evaluation": TableFile(
                e.SummaryEvaluation,
                (
                    "id",
                    "run_id",
                    "summary_id",
                    "status",
                    "attempts",
                    "claimed_at",
                    "error",
                    "accuracy",
                    "accuracy_na_reason",
                    "adherence",
                    "adherence_na_reason",
                    "completeness",
                    "completeness_na_reason",
                    "summarization",
                    "summarization_reason",
                    "alignment",
                    "coverage",
                    "judge",
                    "model",
                    "prompt_version",
                    "started_at",
                    "finished_at",
                    "model_calls",
                    "input_tokens",
                    "output_tokens",
                    "cost_usd",
                    "failing_points",
                    "has_na",
                    "is_latest",
                ),
                d,
            ),
            "section_score": TableFile(
                e.SectionScore,
                (
                    "id",
                    "evaluation_id",
                    "section",
                    "accuracy",
                    "accuracy_na_reason",
                    "adherence",
                    "adherence_na_reason",
                    "completeness",
                    "completeness_na_reason",
                ),
                d,
            ),
            "call": TableFile(
                e.ModelCall,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "purpose",
                    "model",
                    "seconds",
                    "model_calls",
                    "input_tokens",
                    "output_tokens",
                    "cache_read_tokens",
                    "cost_usd",
                ),
                d,
            ),
            "accuracy": TableFile(
                e.AccuracyVerdict,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "section",
                    "turn_indexes",
                    "point",
                    "justification",
                    "is_accurate",
                ),
                d,
            ),
            "adherence": TableFile(
                e.AdherenceVerdict,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "section",
                    "question",
                    "reasoning",
                    "is_addressed",
                    "decided_by",
                ),
                d,
            ),
            "rubric": TableFile(
                e.CompletenessRubricVerdict,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "section",
                    "instruction",
                    "question",
                    "is_covered",
                    "reason",
                ),
                d,
            ),
            "item": TableFile(
                e.CompletenessItemVerdict,
                (
                    "id",
                    "rubric_id",
                    "position",
                    "transcript_content",
                    "related_content_from_summary",
                    "is_covered",
                    "turn_indexes",
                ),
                d,
            ),
            "claim": TableFile(
                e.SummarizationClaim,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "section",
                    "claim",
                    "supported",
                    "reason",
                    "turn_indexes",
                ),
                d,
            ),
            "question": TableFile(
                e.CoverageQuestion,
                (
                    "id",
                    "evaluation_id",
                    "position",
                    "section",
                    "question",
                    "answered",
                    "reason",
                    "turn_indexes",
                ),
                d,
            ),
            "verdict_review": TableFile(
                e.VerdictReview,
                (
                    "id",
                    "kind",
                    "item_id",
                    "evaluation_id",
                    "section",
                    "reviewer_id",
                    "judge_value",
                    "judge",
                    "model",
                    "prompt_version",
                    "human_value",
                    "comment",
                    "is_blind",
                    "created_at",
                    "updated_at",
                ),
                d,
            ),
            "summary_review": TableFile(
                e.SummaryReview,
                ("id", "evaluation_id", "summary_id", "reviewer_id", "is_blind", "reviewed_at"),
                d,
            ),
        }

    def run(self) -> dict[str, TableFile]:
        self.out = self.files()
        rng = self.rng
        scale = self.scale
        self.customer_lines = _pool(_CUSTOMER, rng, 4000)
        self.agent_lines = _pool(_AGENT, rng, 4000)
        long_ids = set(rng.sample(range(scale.conversations), k=scale.long_conversations))
        queues, weights = list(QUEUES), list(QUEUES.values())
        span = (self.end - self.start).total_seconds()
        for number in range(scale.conversations):
            started = self.start + dt.timedelta(seconds=rng.random() * span)
            turns = (
                scale.long_turns
                if number in long_ids
                else rng.randint(scale.min_turns, scale.max_turns)
            )
            self.conversation(
                number,
                queue=rng.choices(queues, weights)[0],
                started=started,
                turns=turns,
            )
        return self.out

    def conversation(self, number: int, *, queue: str, started: dt.datetime, turns: int) -> None:
        rng, out = self.rng, self.out
        conversation_id = self.next_id("conversation")
        channel = "voice" if rng.random() < 0.65 else "chat"
        agent = rng.choice(self.agents_by_queue[queue])
        out["conversation"].write(
            conversation_id,
            "bench",
            f"conv-{number:07d}",
            channel,
            "en",
            agent.pk,
            queue,
            started,
            {},
            f"{number:064x}",
            started + dt.timedelta(hours=1),
        )
        customer = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        offset = 0
        for index in range(turns):
            is_customer = index % 2 == 0
            out["turn"].write(
                self.next_id("turn"),
                conversation_id,
                index,
                "customer" if is_customer else "agent",
                customer if is_customer else agent.display_name,
                rng.choice(self.customer_lines if is_customer else self.agent_lines),
                offset,
            )
            offset += rng.randint(2_000, 25_000)

        week = int((started - self.start) / dt.timedelta(weeks=1))
        # summarizer-v4 takes over from v3 between weeks 10 and 16.
        v4_share = min(max((week - 10) / 6, 0.0), 1.0)
        generator = "summarizer-v4" if rng.random() < v4_share else "summarizer-v3"
        custom = rng.random() < (0.9 if generator == "summarizer-v4" else 0.5)
        summary_id = self.next_id("summary")
        out["summary"].write(
            summary_id,
            conversation_id,
            generator,
            f"{number:064x}",
            started + dt.timedelta(hours=1),
        )
        sections = self.summary_sections(summary_id, custom=custom, week=week)
        flawed = rng.random() < 0.25

        # The weekly offline run, then Claude's sample when this week is in one of its spans.
        judged = [(LOCAL, self.weekly_runs[min(week, self.scale.weeks - 1)])]
        for (first, last), run in zip(self.claude_spans, self.claude_runs, strict=True):
            if first <= week < last and rng.random() < self.scale.second_judge_share:
                judged.append((CLAUDE, run))
        # Whether each evaluation fails is drawn first: the latest is the last one that succeeded
        # (the newest run's, as verdict_write decides), and its row is written with the flag.
        outcomes = [rng.random() < config.failure_rate for config, _ in judged]
        latest = max((i for i, failed in enumerate(outcomes) if not failed), default=None)
        for index, ((config, run), failed) in enumerate(zip(judged, outcomes, strict=True)):
            judged_items = self.evaluation(
                summary_id,
                run,
                config,
                sections,
                flawed=flawed,
                turns=turns,
                failed=failed,
                is_latest=index == latest,
            )
            if index == latest and rng.random() < self.scale.review_share:
                self.reviews(summary_id, judged_items)

    def reviews(self, summary_id: int, evaluation: JudgedItems) -> None:
        """An analyst reviews every item of the evaluation, blind or not, and marks it reviewed;
        now and then a second analyst does too, in the other mode."""
        rng = self.rng
        reviewer = rng.choice(self.analysts)
        blind = rng.random() < self.scale.blind_share
        reviewed_at = min(evaluation.finished + dt.timedelta(days=rng.uniform(0.05, 10)), self.end)
        self.review(summary_id, evaluation, reviewer=reviewer, blind=blind, at=reviewed_at)
        if rng.random() < 0.1:
            second = rng.choice([a for a in self.analysts if a != reviewer])
            at = min(reviewed_at + dt.timedelta(hours=rng.uniform(1, 48)), self.end)
            self.review(summary_id, evaluation, reviewer=second, blind=not blind, at=at)

    def review(
        self,
        summary_id: int,
        evaluation: JudgedItems,
        *,
        reviewer: Any,
        blind: bool,
        at: dt.datetime,
    ) -> None:
        rng, out = self.rng, self.out
        for item in evaluation.items:
            # Blind, the analyst judges from the transcript and slips now and then; having seen
            # the judge's verdict, they often take it (why blind reviews are counted apart).
            if not blind and rng.random() < 0.5:
                human = item.judge_value
            else:
                human = item.truth if rng.random() >= 0.04 else not item.truth
            out["verdict_review"].write(
                self.next_id("verdict_review"),
                item.kind,
                item.item_id,
                evaluation.evaluation_id,
                item.section,
                reviewer.pk,
                item.judge_value,
                *evaluation.judge_version,
                human,
                "" if human == item.judge_value else "The transcript says otherwise.",
                blind,
                at,
                at,
            )
        out["summary_review"].write(
            self.next_id("summary_review"),
            evaluation.evaluation_id,
            summary_id,
            reviewer.pk,
            blind,
            at,
        )

    def summary_sections(self, summary_id: int, *, custom: bool, week: int) -> list[Section]:
        rng, d = self.rng, self.definitions
        chosen = [
            Section(
                "situation",
                d["situation"].pk,
                False,
                False,
                _fill(rng.choice(_SITUATION), rng),
                instructions=["Describe the customer's issue and what they asked for."],
            ),
            Section("action", d["action"].pk, False, False, _fill(rng.choice(_ACTION), rng)),
        ]
        if custom:
            steps = d["next_steps_v2" if week >= self.scale.weeks // 2 else "next_steps_v1"]
            chosen.append(
                Section(
                    "next_steps",
                    steps.pk,
                    False,
                    True,
                    _fill(rng.choice(_NEXT_STEPS), rng),
                    rubric_questions=self.rubric_questions[steps.pk],
                    instructions=[
                        s.strip() + "." for s in steps.instructions.split(".") if s.strip()
                    ],
                )
            )
            chosen.append(
                Section(
                    "contact_reason",
                    d["contact_reason"].pk,
                    True,
                    True,
                    rng.choice(_CONTACT_REASONS),
                    rubric_questions=["Is the value one of the allowed contact reasons?"],
                )
            )
        else:
            chosen.append(
                Section("resolution", d["resolution"].pk, True, False, rng.choice(_RESOLUTION))
            )
            chosen.append(
                Section(
                    "customer_satisfaction",
                    d["customer_satisfaction"].pk,
                    True,
                    False,
                    rng.choice(_SATISFACTION),
                )
            )
        for position, section in enumerate(chosen):
            self.out["section"].write(
                self.next_id("section"), summary_id, section.definition_id, position, section.text
            )
        return chosen

    def evaluation(
        self,
        summary_id: int,
        run: Any,
        config: JudgeConfig,
        sections: list[Section],
        *,
        flawed: bool,
        turns: int,
        failed: bool,
        is_latest: bool,
    ) -> JudgedItems:
        """One evaluation's rows; returns its reviewable items with the truth behind them."""
        from evaluations.judges import scoring

        rng, out = self.rng, self.out
        evaluation_id = self.next_id("evaluation")
        started = run.created_at + dt.timedelta(seconds=rng.uniform(5, 3000))
        finished = started + dt.timedelta(seconds=rng.uniform(0.2, 9))
        judged = JudgedItems(
            evaluation_id, finished, (config.judge, config.model, config.prompt_version)
        )
        # How often the judge is wrong on the kinds whose truth is not drawn first.
        wrong = (config.false_alarm_rate + config.miss_rate) / 3

        def truth_of(verdict: bool) -> bool:
            return verdict if rng.random() >= wrong else not verdict

        totals = self.totals[run.name]
        totals.add(succeeded=not failed, started=started, finished=finished)
        common = (config.judge, config.model, config.prompt_version, started, finished)
        if failed:
            out["evaluation"].write(
                evaluation_id,
                run.pk,
                summary_id,
                "failed",
                1,
                started,
                "judge error: the reply broke its schema twice",
                *([None, ""] * 3),
                None,
                "",
                None,
                None,
                *common,
                0,
                0,
                0,
                0,
                0,
                False,
                False,
            )
            return judged

        def cite() -> list[int]:
            first = rng.randrange(turns)
            return [first] if rng.random() < 0.6 else [first, min(first + 1, turns - 1)]

        # Accuracy: one point per section, a second for some free-text ones.
        accurate_total = points_total = 0
        section_points: dict[str, tuple[int, int]] = {}
        position = 0
        for section in sections:
            count = 2 if not section.categorical and rng.random() < 0.15 else 1
            good = 0
            for _ in range(count):
                truly = rng.random() >= (0.35 if flawed else 0.03)
                if truly:
                    verdict = rng.random() >= config.false_alarm_rate
                else:
                    verdict = rng.random() < config.miss_rate
                good += verdict
                item_id = self.next_id("accuracy")
                judged.add("accuracy_point", item_id, section.key, verdict, truly)
                out["accuracy"].write(
                    item_id,
                    evaluation_id,
                    position,
                    section.key,
                    cite(),
                    section.text if count == 1 else section.text[: len(section.text) // 2],
                    "The transcript states it in the cited turn."
                    if verdict
                    else "The cited turn gives a different amount.",
                    verdict,
                )
                position += 1
            section_points[section.key] = (good, count)
            accurate_total += good
            points_total += count

        # Adherence: custom sections, one row per rubric question; a categorical one in code.
        addressed_total = questions_total = 0
        section_adherence: dict[str, tuple[int, int]] = {}
        position = 0
        for section in sections:
            if not section.custom:
                continue
            addressed = 0
            for question in section.rubric_questions:
                verdict = rng.random() < (0.7 if flawed else 0.93)
                addressed += verdict
                item_id = self.next_id("adherence")
                judged.add("adherence_rubric", item_id, section.key, verdict, truth_of(verdict))
                out["adherence"].write(
                    item_id,
                    evaluation_id,
                    position,
                    section.key,
                    question,
                    "The section does so." if verdict else "The section leaves it out.",
                    verdict,
                    "code" if section.categorical else "model",
                )
                position += 1
            section_adherence[section.key] = (addressed, len(section.rubric_questions))
            addressed_total += addressed
            questions_total += len(section.rubric_questions)

        # Completeness: free-text sections with instructions (next_steps), one rubric per
        # instruction, 0 or 1 content item each; a rubric without items does not count.
        shares: list[float] = []
        section_completeness: dict[str, list[float]] = {}
        position = 0
        for section in sections:
            if section.categorical or not section.instructions:
                continue
            section_completeness[section.key] = []
            for instruction in section.instructions:
                rubric_id = self.next_id("rubric")
                items = rng.choice([0, 1, 1])
                covered = 0
                for item_position in range(items):
                    is_covered = rng.random() < (0.6 if flawed else 0.9)
                    covered += is_covered
                    item_id = self.next_id("item")
                    judged.add(
                        "completeness_item", item_id, section.key, is_covered, truth_of(is_covered)
                    )
                    out["item"].write(
                        item_id,
                        rubric_id,
                        item_position,
                        rng.choice(self.agent_lines),
                        section.text if is_covered else "",
                        is_covered,
                        cite(),
                    )
                out["rubric"].write(
                    rubric_id,
                    evaluation_id,
                    position,
                    section.key,
                    instruction,
                    f"What does the transcript give for: {instruction}",
                    covered == items,
                    "" if covered == items else "Part of what it asks for is missing.",
                )
                position += 1
                if items:
                    shares.append(covered / items)
                    section_completeness[section.key].append(covered / items)

        # Summarization (Claude only): claims and coverage questions.
        summarization = alignment = coverage = None
        summarization_reason = scoring.NA_NOT_REQUESTED
        if "summarization" in config.dimensions:
            supported_count = answered_count = 0
            for claim_position, section in enumerate(rng.sample(sections, k=3)):
                supported = rng.random() < (0.7 if flawed else 0.95)
                supported_count += supported
                item_id = self.next_id("claim")
                judged.add(
                    "summarization_claim", item_id, section.key, supported, truth_of(supported)
                )
                out["claim"].write(
                    item_id,
                    evaluation_id,
                    claim_position,
                    section.key,
                    section.text,
                    supported,
                    "Supported by the transcript." if supported else "Not in the transcript.",
                    cite(),
                )
            for question_position in range(3):
                answered = rng.random() < (0.65 if flawed else 0.9)
                answered_count += answered
                item_id = self.next_id("question")
                answering = rng.choice(sections).key
                judged.add("coverage_question", item_id, answering, answered, truth_of(answered))
                out["question"].write(
                    item_id,
                    evaluation_id,
                    question_position,
                    answering,
                    f"Did the customer mention the {rng.choice(_PRODUCTS)}?",
                    answered,
                    "The summary says so." if answered else "The summary does not say.",
                    cite(),
                )
            alignment, coverage = supported_count / 3, answered_count / 3
            summarization = round(min(alignment, coverage), 2)
            summarization_reason = f"Score {summarization}: the weaker of alignment and coverage."

        # Section scores, then the evaluation's own (pooled, as evaluations.judges.scoring does).
        for section in sections:
            good, count = section_points[section.key]
            adherence = section_adherence.get(section.key)
            completeness = section_completeness.get(section.key)
            out["section_score"].write(
                self.next_id("section_score"),
                evaluation_id,
                section.key,
                good / count,
                "",
                adherence[0] / adherence[1] if adherence else None,
                "" if adherence else scoring.NA_PREDEFINED,
                sum(completeness) / len(completeness) if completeness else None,
                ""
                if completeness
                else (scoring.NA_CATEGORICAL if section.categorical else scoring.NA_NO_CONTENT),
            )
        input_tokens = config.calls * rng.randint(2500, 4200)
        output_tokens = config.calls * rng.randint(250, 600)
        cost = round(input_tokens * 3e-6 + output_tokens * 15e-6, 6)
        for call in range(config.calls):
            out["call"].write(
                self.next_id("call"),
                evaluation_id,
                call,
                ["accuracy", "adherence", "completeness", "claims", "answers"][call % 5],
                config.model,
                rng.uniform(1.0, 4.0),
                1,
                input_tokens // config.calls,
                output_tokens // config.calls,
                (input_tokens // config.calls) * 4 // 5 if call else 0,
                round(cost / config.calls, 6),
            )
        totals.model_calls += config.calls
        totals.input_tokens += input_tokens
        totals.output_tokens += output_tokens
        totals.cost += cost
        out["evaluation"].write(
            evaluation_id,
            run.pk,
            summary_id,
            "succeeded",
            1,
            started,
            "",
            accurate_total / points_total,
            "",
            addressed_total / questions_total if questions_total else None,
            "" if questions_total else scoring.NA_SUMMARY_PREDEFINED_ONLY,
            sum(shares) / len(shares) if shares else None,
            "" if shares else scoring.NA_NO_CONTENT,
            summarization,
            summarization_reason,
            alignment,
            coverage,
            *common,
            config.calls,
            input_tokens,
            output_tokens,
            cost,
            sum(not item.judge_value for item in judged.items),
            not questions_total or not shares,  # adherence or completeness N/A
            is_latest,
        )
        return judged


# --- loading ---------------------------------------------------------------------------------------


def _admin_execute(statement: str) -> None:
    import psycopg

    base, _ = DATABASE_URL.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(statement)


def database_name() -> str:
    return DATABASE_URL.rsplit("/", 1)[1]


def configure_django() -> None:
    """Point this process's Django at the scale database (it is not created or changed)."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DATABASE_URL": DATABASE_URL,
            "DEBUG": "0",
            "SECRET_KEY": "bench-scale-only-secret-key-not-for-any-real-use-0123",
            "LOG_LEVEL": "WARNING",
            "ALLOWED_HOSTS": "testserver,127.0.0.1,localhost",
        }
    )
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    import django

    django.setup()


def _load(files: dict[str, TableFile]) -> dict[str, float]:
    """4. COPY the files in one transaction, without the tables' foreign keys and secondary
    indexes while rows go in; then the indexes and the (validated) foreign keys come back."""
    from django.db import connection

    tables = [f.table for f in files.values()]
    seconds: dict[str, float] = {}
    with connection.cursor() as wrapper:
        cursor = wrapper.cursor  # psycopg's own: COPY is not in Django's API
        cursor.execute("SET maintenance_work_mem = '512MB'")
        cursor.execute(
            """
            SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)
            FROM pg_constraint c
            WHERE c.contype = 'f' AND c.conrelid::regclass::text = ANY(%s)
            """,
            [tables],
        )
        foreign_keys = cursor.fetchall()
        cursor.execute(
            """
            SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
            FROM pg_index i
            WHERE i.indrelid::regclass::text = ANY(%s) AND NOT i.indisprimary
              AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
            """,
            [tables],
        )
        indexes = cursor.fetchall()
        for table, name, _ in foreign_keys:
            cursor.execute(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')

        for key, table_file in files.items():
            started = time.perf_counter()
            table_file.copy_into(cursor)
            seconds[f"copy {key}"] = time.perf_counter() - started

        started = time.perf_counter()
        for _, definition in indexes:
            cursor.execute(definition)
        seconds["indexes"] = time.perf_counter() - started
        started = time.perf_counter()
        for table, name, definition in foreign_keys:
            cursor.execute(f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}')
        seconds["foreign keys"] = time.perf_counter() - started
        for table in tables:
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                f'COALESCE((SELECT max(id) FROM "{table}"), 1))'
            )
    return seconds


def _store_run_totals(totals: dict[str, RunTotals]) -> None:
    from evaluations.models import EvaluationRun

    runs = []
    for total in totals.values():
        run = total.run
        run.total, run.evaluated, run.failed = total.total, total.evaluated, total.failed
        run.started_at, run.finished_at = total.first, total.last
        run.status = (
            EvaluationRun.Status.FINISHED_WITH_FAILURES
            if total.failed
            else EvaluationRun.Status.FINISHED
        )
        run.model_calls = total.model_calls
        run.input_tokens, run.output_tokens = total.input_tokens, total.output_tokens
        run.cost_usd = round(total.cost, 6)
        runs.append(run)
    EvaluationRun.objects.bulk_update(
        runs,
        [
            "total",
            "evaluated",
            "failed",
            "started_at",
            "finished_at",
            "status",
            "model_calls",
            "input_tokens",
            "output_tokens",
            "cost_usd",
        ],
    )
    # created_at is auto_now_add: the ORM ignored the dates the runs were given.
    for run in runs:
        EvaluationRun.objects.filter(pk=run.pk).update(created_at=run.created_at)


def fill(scale: Scale) -> Report:
    """Steps 1 to 5 of the module docstring; returns the rows per table and seconds per step."""
    seconds: dict[str, float] = {}
    started = time.perf_counter()
    name = database_name()
    _admin_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin_execute(f'CREATE DATABASE "{name}"')
    configure_django()
    from django.core.management import call_command
    from django.db import connection, transaction

    call_command("migrate", verbosity=0)
    seconds["create and migrate"] = time.perf_counter() - started

    with tempfile.TemporaryDirectory(prefix="bench-scale-") as directory:
        started = time.perf_counter()
        generator = Generator(scale, directory)
        with transaction.atomic():
            generator.reference_rows()
        seconds["reference rows"] = time.perf_counter() - started
        started = time.perf_counter()
        files = generator.run()
        seconds["generate"] = time.perf_counter() - started
        rows = {f.table: f.rows for f in files.values()}
        with transaction.atomic():
            seconds.update(_load(files))
            _store_run_totals(generator.totals)

    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    seconds["vacuum analyze"] = time.perf_counter() - started

    # The dashboard reads its rollup, which the bulk load bypassed: build it from the rows.
    from evaluations.services.dashboard_rollup import dashboard_rollup_rebuild

    started = time.perf_counter()
    rows["dashboard facts"] = dashboard_rollup_rebuild()
    seconds["dashboard rollup"] = time.perf_counter() - started
    return Report(rows=rows, seconds=seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    defaults = Scale()
    parser.add_argument("--conversations", type=int, default=defaults.conversations)
    parser.add_argument("--long", type=int, default=defaults.long_conversations)
    parser.add_argument("--weeks", type=int, default=defaults.weeks)
    parser.add_argument("--review-share", type=float, default=defaults.review_share)
    parser.add_argument("--seed", type=int, default=defaults.seed)
    options = parser.parse_args(argv)
    if options.long > options.conversations:
        parser.error("--long cannot exceed --conversations")
    if options.weeks < 2:
        parser.error("--weeks must be at least 2")
    scale = Scale(
        conversations=options.conversations,
        long_conversations=options.long,
        weeks=options.weeks,
        review_share=options.review_share,
        seed=options.seed,
    )
    started = time.perf_counter()
    report = fill(scale)
    total = time.perf_counter() - started
    print(f"database {database_name()}: filled in {total:.1f} s")
    for table, count in report.rows.items():
        print(f"  {table:<42} {count:>10,}")
    verdicts = sum(
        count
        for table, count in report.rows.items()
        if table.endswith(("verdict", "claim", "question"))
    )
    print(f"  {'verdict rows (all kinds)':<42} {verdicts:>10,}")
    for step, value in report.seconds.items():
        print(f"  {step:<42} {value:>8.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
