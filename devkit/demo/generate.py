"""Generate the demo data: custom section definitions and summarised conversations, all invented.

    python -m devkit.demo.generate          # rewrite sections.json, conversations.jsonl, reviews.json
    python -m devkit.demo.generate --check  # exit 1 if the committed files are stale

The output is deterministic (one seeded random generator, no clock), so the committed files are
exactly what this module produces; a test holds that. About a third of the summaries carry a
planted error (a wrong amount or date, an invented action, a wrong or wordy category, an omission)
so the judges have something to find. Which ones is deliberately not written anywhere.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from devkit.demo.scenarios import (
    CUSTOMER_FIRST,
    CUSTOMER_LAST,
    QUEUE_SCENARIOS,
    Context,
    Facts,
    Person,
    bot_outage_check,
    day,
    money,
)

DEMO_DIR = Path(__file__).resolve().parent
SECTIONS_FILE = DEMO_DIR / "sections.json"
CONVERSATIONS_FILE = DEMO_DIR / "conversations.jsonl"
REVIEWS_FILE = DEMO_DIR / "reviews.json"

SEED = 20261130
FIRST_DAY = date(2026, 10, 12)
LAST_DAY = date(2026, 11, 27)
# summarizer-v4 took over from v3 gradually: in the week between, either wrote a summary.
V4_FROM, V3_UNTIL = date(2026, 11, 2), date(2026, 11, 9)

CONTACT_REASONS = [
    "Billing dispute",
    "Technical fault",
    "Cancellation request",
    "Return or exchange",
    "Appointment",
    "General enquiry",
]

CUSTOM_SECTIONS: list[dict] = [
    {
        "key": "next_steps",
        "name": "Next steps",
        "origin": "custom",
        "value_type": "free_text",
        "instructions": (
            "List what happens after the contact and who does it, such as refunds on their way, "
            "appointments and returns. Give the date or time of each step when one was stated. "
            'Write "None." if nothing is pending.'
        ),
        "allowed_values": [],
    },
    {
        "key": "products",
        "name": "Products and plans",
        "origin": "custom",
        "value_type": "free_text",
        "instructions": (
            "Name each Tidewell plan, device or appointment the contact was about, with its tier or "
            "model. Say in a few words what happened to each, one per sentence."
        ),
        "allowed_values": [],
    },
    {
        "key": "contact_reason",
        "name": "Contact reason",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": (
            "Choose the one category that best describes why the customer got in touch. "
            "Return only the category, exactly as written."
        ),
        "allowed_values": CONTACT_REASONS,
    },
    {
        "key": "escalated",
        "name": "Escalated",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": (
            "Answer Yes if the contact was passed to another team, a supervisor stepped in, or a "
            "ticket was raised with another team; otherwise answer No."
        ),
        "allowed_values": ["Yes", "No"],
    },
]
CATEGORICAL_KEYS = {"resolution", "customer_satisfaction", "contact_reason", "escalated"}
ALLOWED = {
    "resolution": ["Y", "P", "N", "N/A"],
    "customer_satisfaction": ["D", "N"],
    "contact_reason": CONTACT_REASONS,
    "escalated": ["Yes", "No"],
}

# (id, name, queues they work). Invented people.
AGENTS = [
    ("tw-ag-104", "Amara Okonkwo", ["billing", "retention"]),
    ("tw-ag-117", "Jonas Lindgren", ["tech-support"]),
    ("tw-ag-121", "Beatriz Salgado", ["billing", "scheduling"]),
    ("tw-ag-133", "Callum Fraser", ["tech-support", "scheduling"]),
    ("tw-ag-140", "Mei-Lin Zhou", ["returns", "billing"]),
    ("tw-ag-152", "Rashid Karimi", ["retention", "returns"]),
    ("tw-ag-168", "Evelyn Park", ["scheduling", "returns", "tech-support"]),
]
QUEUE_SIZES = {"billing": 9, "tech-support": 9, "retention": 7, "returns": 7, "scheduling": 7}


@dataclass
class Planned:
    queue: str
    channel: str
    started: datetime
    agent: tuple[str, str] | None
    generator: str


def _plan(rng: random.Random) -> list[Planned]:
    """1. Queues, channels and agents; 2. start times spread evenly over the weeks, business hours."""
    queues = [queue for queue, size in QUEUE_SIZES.items() for _ in range(size)]
    rng.shuffle(queues)
    queues.append("tech-support")  # the bot-only chat, placed by the shuffle below
    bot_index = rng.randrange(len(queues))
    queues[bot_index], queues[-1] = queues[-1], queues[bot_index]
    span = (LAST_DAY - FIRST_DAY).days
    planned = []
    for index, queue in enumerate(queues):
        offset = round(index * span / (len(queues) - 1))
        started = datetime(
            *(FIRST_DAY + timedelta(days=offset)).timetuple()[:3],
            hour=rng.randint(8, 18),
            minute=rng.randint(0, 59),
            second=rng.randint(0, 59),
            tzinfo=UTC,
        )
        if started.date() < V4_FROM:
            generator = "summarizer-v3"
        elif started.date() >= V3_UNTIL:
            generator = "summarizer-v4"
        else:
            generator = rng.choice(["summarizer-v3", "summarizer-v4"])
        if index == bot_index:
            planned.append(Planned(queue, "chat", started, None, generator))
            continue
        channel = "voice" if rng.random() < 0.6 else "chat"
        agent_id, agent_name, _ = rng.choice([a for a in AGENTS if queue in a[2]])
        planned.append(Planned(queue, channel, started, (agent_id, agent_name), generator))
    return planned


def _offsets(rng: random.Random, channel: str, turns: list[tuple[str, str]]) -> list[int]:
    """Plausible timing: speech runs ~2.5 words a second; chat messages arrive 6-40 s apart."""
    offsets, now = [], rng.randint(600, 2500)
    for _, text in turns:
        offsets.append(now)
        words = len(text.split())
        if channel == "voice":
            now += int(words * 400) + rng.randint(300, 1500)
        else:
            now += rng.randint(6000, 40000) + words * 120
    return offsets


def _section_texts(facts: Facts) -> dict[str, str]:
    return {
        "situation": facts.situation,
        "action": " ".join(facts.action),
        "resolution": facts.resolution,
        "customer_satisfaction": facts.satisfaction,
        "reason_for_cancellation": facts.reason_for_cancellation,
        "entities": "\n".join(f"{key}: {value}" for key, value in facts.entities),
        "next_steps": facts.next_steps,
        "products": facts.products,
        "contact_reason": facts.contact_reason,
        "escalated": facts.escalated,
    }


def _choose_sections(rng: random.Random, profile: str, queue: str) -> list[str]:
    """Which sections a summary has: CCAI lets a summariser mix predefined and custom ones."""
    custom = ["next_steps", "products", "contact_reason", "escalated"]
    if profile == "categorical":
        return ["resolution", "customer_satisfaction", "contact_reason", "escalated"]
    if profile == "custom":
        return sorted(rng.sample(custom, rng.randint(3, 4)), key=custom.index)
    keys = ["situation", "action", "resolution"]
    if profile == "predefined" or rng.random() < 0.5:
        keys.append("customer_satisfaction")
    if queue == "retention" or (profile == "predefined" and rng.random() < 0.3):
        keys.append("reason_for_cancellation")
    if profile == "predefined":
        return [*keys, "entities"] if rng.random() < 0.7 else keys
    keys += sorted(rng.sample(custom, rng.randint(1, 3)), key=custom.index)
    if rng.random() < 0.4:
        keys.append("entities")
    return keys


def _wrong_amount(rng: random.Random, amount: float) -> str:
    wrong = rng.choice([amount + 10, amount * 2, max(amount - 5, 1.0), amount + 0.5])
    return money(wrong if money(wrong) != money(amount) else amount + 1)


def _plant_error(rng: random.Random, kind: str, facts: Facts, sections: dict[str, str]) -> bool:
    """Change `sections` in place with one error of `kind`; False when the summary offers no spot."""
    free_text = [k for k in sections if k not in CATEGORICAL_KEYS]
    categorical = [k for k in sections if k in CATEGORICAL_KEYS]
    if kind == "wrong_amount" or kind == "wrong_date":
        values = (
            [money(a) for a in facts.amounts]
            if kind == "wrong_amount"
            else [day(d) for d in facts.dates]
        )
        spots = [(k, v) for k in free_text for v in values if v in sections[k]]
        if not spots:
            return False
        key, value = rng.choice(spots)
        if kind == "wrong_amount":
            wrong = _wrong_amount(rng, float(value.strip("$").replace(",", "")))
        else:
            stated = next(d for d in facts.dates if day(d) == value)
            wrong = day(stated + timedelta(days=rng.choice([-2, -1, 1, 3])))
        sections[key] = sections[key].replace(value, wrong, 1)
        return True
    if kind == "invented_action":
        target = next((k for k in ("action", "next_steps") if k in sections), None)
        if target is None or not facts.invented_action:
            return False
        sections[target] = f"{sections[target]} {facts.invented_action}"
        return True
    if kind == "omission":
        if "action" in sections and len(facts.action) >= 2:
            dropped = rng.randrange(1, len(facts.action))
            sections["action"] = " ".join(s for i, s in enumerate(facts.action) if i != dropped)
            return True
        if "entities" in sections and len(facts.entities) >= 3:
            lines = sections["entities"].split("\n")
            del lines[rng.randrange(1, len(lines))]
            sections["entities"] = "\n".join(lines)
            return True
        return False
    if not categorical:
        return False
    key = rng.choice(categorical)
    if kind == "wrong_category":
        sections[key] = rng.choice([v for v in ALLOWED[key] if v != sections[key]])
        return True
    if kind == "descriptive_categorical":
        explained = {
            "resolution": {
                "Y": "Yes - the agent sorted everything out",
                "P": "Partly resolved, a follow-up is still needed",
                "N": "Not resolved",
                "N/A": "No issue was raised",
            },
            "customer_satisfaction": {
                "D": "Dissatisfied: unhappy with the outcome",
                "N": "Neutral - the customer thanked the agent",
            },
            "escalated": {
                "Yes": "Yes, handed to another team",
                "No": "No, the agent handled it alone",
            },
        }
        current = sections[key]
        sections[key] = explained.get(key, {}).get(
            current, f"{current} - the customer needed help with their account"
        )
        return True
    raise ValueError(f"unknown error kind {kind!r}")


ERROR_KINDS = [
    "wrong_amount",
    "wrong_date",
    "invented_action",
    "wrong_category",
    "descriptive_categorical",
    "omission",
]


def build_conversations(seed: int = SEED, *, plant_errors: bool = True) -> list[dict]:
    """The demo conversations; with `plant_errors=False`, the same ones with faithful summaries."""
    rng = random.Random(seed)
    # Errors draw from their own generator, so turning them off changes nothing else.
    error_rng = random.Random(seed + 1)
    planned = _plan(rng)
    profiles = ["predefined"] * 6 + ["custom"] * 5 + ["categorical"] + ["mixed"] * len(planned)
    profiles = profiles[: len(planned)]
    rng.shuffle(profiles)
    # A third carry a planted error: two thirds of those come from the older summariser.
    by_generator = {
        name: [i for i, p in enumerate(planned) if p.generator == name]
        for name in ("summarizer-v3", "summarizer-v4")
    }
    v3_errors = min(len(by_generator["summarizer-v3"]), round(len(planned) / 3 * 2 / 3))
    with_errors = set(error_rng.sample(by_generator["summarizer-v3"], v3_errors))
    with_errors |= set(
        error_rng.sample(by_generator["summarizer-v4"], len(planned) // 3 - v3_errors)
    )
    next_kind = 0
    conversations = []
    for index, plan in enumerate(planned):
        customer = Person(rng.choice(CUSTOMER_FIRST), rng.choice(CUSTOMER_LAST))
        agent_first = plan.agent[1].split()[0] if plan.agent else ""
        ctx = Context(rng, plan.channel, agent_first, customer, plan.started)
        scenario = (
            bot_outage_check if plan.agent is None else rng.choice(QUEUE_SCENARIOS[plan.queue])
        )
        facts = scenario(ctx)
        if not 8 <= len(ctx.turns) <= 20:
            raise AssertionError(f"{scenario.__name__} wrote {len(ctx.turns)} turns")
        offsets = _offsets(rng, plan.channel, ctx.turns)

        all_texts = _section_texts(facts)
        keys = _choose_sections(rng, profiles[index], plan.queue)
        sections = {key: all_texts[key] for key in keys}
        if plant_errors and index in with_errors:
            for attempt in range(len(ERROR_KINDS)):
                kind = ERROR_KINDS[(next_kind + attempt) % len(ERROR_KINDS)]
                if _plant_error(error_rng, kind, facts, sections):
                    next_kind = (next_kind + attempt + 1) % len(ERROR_KINDS)
                    break

        conversations.append(
            {
                "id": f"demo-{index + 1:03d}",
                "channel": plan.channel,
                "language": "en",
                "agent": {"id": plan.agent[0], "name": plan.agent[1]} if plan.agent else None,
                "queue": plan.queue,
                "started_at": plan.started.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "turns": [
                    {"role": role, "text": text, "offset_ms": offset}
                    for (role, text), offset in zip(ctx.turns, offsets, strict=True)
                ],
                "summary": {
                    "generator": plan.generator,
                    "sections": [{"key": key, "text": text} for key, text in sections.items()],
                },
            }
        )
    return conversations


def build_review_plan(seed: int = SEED) -> list[dict]:
    """Which conversations the demo's reviewers went through once the first run has judged them
    (devkit/demo/reviews.py applies the plan): the analyst login reviews 16 blind, the admin 10
    with the judge's verdicts shown, some of them the same ones, so blind and non-blind
    calibration both have a dimension above the 20-item bar and sections below it."""
    rng = random.Random(seed + 2)
    ids = [conversation["id"] for conversation in build_conversations(seed)]
    blind = sorted(rng.sample(ids, 16))
    shown = sorted(rng.sample(ids, 10))
    return [{"conversation": c, "reviewer": "analyst", "blind": True} for c in blind] + [
        {"conversation": c, "reviewer": "admin", "blind": False} for c in shown
    ]


def render_reviews() -> str:
    return json.dumps(build_review_plan(), indent=2) + "\n"


def render_sections() -> str:
    return json.dumps(CUSTOM_SECTIONS, indent=2, ensure_ascii=False) + "\n"


def render_conversations() -> str:
    return "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in build_conversations())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the files are out of date")
    args = parser.parse_args(argv)
    outputs = {
        SECTIONS_FILE: render_sections(),
        CONVERSATIONS_FILE: render_conversations(),
        REVIEWS_FILE: render_reviews(),
    }
    stale = [p for p, text in outputs.items() if not p.exists() or p.read_text("utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path} is out of date: run python -m devkit.demo.generate", file=sys.stderr)
        return 1 if stale else 0
    for path, text in outputs.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
