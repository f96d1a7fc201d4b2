"""Which summaries a run judges: one typed `RunScope`, with its human description.

The run form, the API and `run_evaluation` build one (through `evaluations.forms.RunScopeForm`),
`evaluation_run_plan` resolves it to summaries (`selectors.summaries_in_scope`), and a run gives its
own back (`EvaluationRun.scope`) to be shown. Plain Python: nothing here touches the database.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, Protocol

# The queue or agent value that selects conversations with none: no queue, or no human agent (a
# bot-only chat). The conversation queue's agent filter uses the same word (queue.NO_AGENT).
NONE = "none"


class _RunColumns(Protocol):
    date_from: dt.date | None
    date_to: dt.date | None
    queues: list[str]
    agent_ids: list[str]
    channel: str
    generator: str
    sample_size: int | None
    sample_seed: int | None
    explicit_summaries: bool
    batch: bool


@dataclass(frozen=True)
class RunScope:
    """Every summary whose conversation matches all the filters given, or, with `summary_ids`,
    exactly those summaries (the filters are then not applied); then, with `sample_size`, a
    random sample of them drawn with `sample_seed` (drawn at random and recorded when not
    given), so the same scope and seed give the same sample.

    Dates are inclusive days in UTC; `agents` are agent external ids. `NONE` ("none") among the
    queues or the agents selects conversations with no queue, or with no human agent. `batch`:
    judge them through Anthropic's Message Batches API (half price, results within 24 hours)
    rather than one request at a time.
    """

    date_from: dt.date | None = None
    date_to: dt.date | None = None
    queues: tuple[str, ...] = ()
    agents: tuple[str, ...] = ()
    channel: str = ""
    generator: str = ""
    summary_ids: tuple[int, ...] | None = None
    sample_size: int | None = None
    sample_seed: int | None = None
    batch: bool = False

    def __post_init__(self) -> None:
        # Callers hand in lists; the scope keeps tuples, so it stays immutable and hashable.
        for name in ("queues", "agents"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.summary_ids is not None:
            object.__setattr__(self, "summary_ids", tuple(self.summary_ids))

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(field.name for field in fields(cls))

    @property
    def is_explicit(self) -> bool:
        return self.summary_ids is not None

    def problems(self) -> dict[str, str]:
        """What makes the scope wrong whatever the data: field name -> message. The form and
        `evaluation_run_plan` both refuse a scope with any."""
        problems = {}
        if self.date_from and self.date_to and self.date_from > self.date_to:
            problems["date_to"] = (
                f"The dates are reversed: from {self.date_from.isoformat()} is after to "
                f"{self.date_to.isoformat()}."
            )
        if self.sample_size is not None and self.sample_size < 1:
            problems["sample_size"] = "The sample size must be at least 1."
        return problems

    @property
    def filters(self) -> list[str]:
        """The filters given, as a person would read them: ["queue billing or sales", ...]."""
        filters = []
        if self.date_from is not None:
            filters.append(f"from {self.date_from.isoformat()}")
        if self.date_to is not None:
            filters.append(f"to {self.date_to.isoformat()}")
        if self.queues:
            filters.append(f"queue {_either(self.queues, none='no queue')}")
        if self.agents:
            filters.append(f"agent {_either(self.agents, none='no agent')}")
        if self.channel:
            filters.append(f"channel {self.channel}")
        if self.generator:
            filters.append(f"generator {self.generator}")
        return filters

    @property
    def description(self) -> str:
        """The whole scope in one line: `queue billing; channel chat; a random sample of 50
        (seed 7)`."""
        if self.is_explicit:
            parts = ["an explicit list of summaries"]
        else:
            parts = self.filters or ["every summary"]
        if self.sample_size is not None:
            seed = "" if self.sample_seed is None else f" (seed {self.sample_seed})"
            parts.append(f"a random sample of {self.sample_size}{seed}")
        if self.batch:
            parts.append("through Message Batches")
        return "; ".join(parts)

    def run_columns(self) -> dict[str, Any]:
        """The scope as an EvaluationRun stores it (the explicit ids are its evaluations)."""
        return {
            "date_from": self.date_from,
            "date_to": self.date_to,
            "queues": list(self.queues),
            "agent_ids": list(self.agents),
            "channel": self.channel,
            "generator": self.generator,
            "sample_size": self.sample_size,
            "sample_seed": self.sample_seed,
            "explicit_summaries": self.is_explicit,
            "batch": self.batch,
        }

    @classmethod
    def of_run(cls, run: _RunColumns) -> RunScope:
        """A stored run's scope, to describe it. An explicit run's summaries are its evaluations,
        so its `summary_ids` are left empty here rather than read."""
        return cls(
            date_from=run.date_from,
            date_to=run.date_to,
            queues=tuple(run.queues),
            agents=tuple(run.agent_ids),
            channel=run.channel,
            generator=run.generator,
            summary_ids=() if run.explicit_summaries else None,
            sample_size=run.sample_size,
            sample_seed=run.sample_seed,
            batch=run.batch,
        )


def _either(values: Iterable[str], *, none: str) -> str:
    return " or ".join(none if value == NONE else value for value in values)
