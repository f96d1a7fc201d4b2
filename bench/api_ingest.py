"""Ingest throughput of `POST /api/v1/conversations:batch` through gunicorn, against
`import_conversations` on the same data, in one run.

    .venv/bin/python bench/api_ingest.py [--conversations 2000] [--workers 3]

Every conversation has 20 turns and a 5-section summary (the JSONL line format). The command
imports one JSONL file of `--conversations` lines (in this process, so Django's start-up is not
counted against it). The API is served by gunicorn as the Docker image serves it
(`config.wsgi:application`, `--workers` = WEB_CONCURRENCY, 3 by default; rate limit off) and fed by
one client posting batches back to back, for batch sizes 1, 50 and 500. Each method stores its own
conversations (other ids, the same content), so every request stores new rows, as a pipeline does.
Prints conversations per second; the target is batch 500 at ≥ 0.5x the command.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx2

from bench.common import BENCH_ENV, PYTHON, REPO_ROOT, SUMMARY_TEXTS, _fill, django_setup

TURNS = 20
_CUSTOMER = [
    "I was charged {amount} twice on my {product} bill this month.",
    "My order {order} still has not arrived and it has been {days} days.",
    "Can you tell me why my plan went up to {amount} a month?",
]
_AGENT = [
    "I am sorry about that. Let me pull up the account ending in {digits}.",
    "I can see the duplicate charge of {amount} from {date}; I have refunded it now.",
    "I have opened ticket {ticket} and escalated it to the network team.",
]


def documents(prefix: str, count: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    docs = []
    for number in range(count):
        turns = [
            {
                "role": "customer" if index % 2 == 0 else "agent",
                "text": _fill(rng.choice(_CUSTOMER if index % 2 == 0 else _AGENT), rng),
                "offset_ms": index * 4000,
            }
            for index in range(TURNS)
        ]
        docs.append(
            {
                "id": f"{prefix}-{number}",
                "channel": "voice",
                "queue": "billing",
                "started_at": "2026-11-02T09:30:00Z",
                "agent": {"id": f"agent-{number % 40}", "name": f"Agent {number % 40}"},
                "turns": turns,
                "summary": {
                    "generator": "summarizer-bench",
                    "sections": [{"key": k, "text": t} for k, t in SUMMARY_TEXTS.items()],
                },
            }
        )
    return docs


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def command_rate(count: int) -> float:
    from django.core.management import call_command

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "conversations.jsonl"
        path.write_text("".join(json.dumps(d) + "\n" for d in documents("cmd", count)))
        with open(os.devnull, "w") as quiet:
            started = time.perf_counter()
            call_command("import_conversations", str(path), "--format", "jsonl", stdout=quiet)
            return count / (time.perf_counter() - started)


def api_rate(base_url: str, token: str, batch_size: int, count: int) -> float:
    docs = documents(f"api-{batch_size}", count)
    headers = {"Authorization": f"Bearer {token}"}
    with httpx2.Client(base_url=base_url, headers=headers, timeout=600) as client:
        started = time.perf_counter()
        for start in range(0, count, batch_size):
            response = client.post(
                "/api/v1/conversations:batch", json={"items": docs[start : start + batch_size]}
            )
            body = response.json()
            if response.status_code != 200 or body["created"] != len(body["items"]):
                raise RuntimeError(f"batch failed: {response.status_code} {str(body)[:300]}")
        return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()

    django_setup()
    from django.contrib.auth.models import User

    from summaries.models import SectionDefinition

    SectionDefinition.objects.get_or_create(
        key="next_steps",
        version=1,
        defaults={
            "name": "Next steps",
            "origin": "custom",
            "value_type": "free_text",
            "instructions": "List every follow-up the agent promised.",
        },
    )
    User.objects.create_superuser("bench-admin", password="bench-password-1")
    env = {**os.environ, **BENCH_ENV, "API_RATE_LIMIT": "", "ALLOWED_HOSTS": "127.0.0.1"}
    token = subprocess.run(
        [PYTHON, "manage.py", "create_api_token", "bench-admin", "--name", "bench"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()

    command = command_rate(args.conversations)
    port = free_port()
    (REPO_ROOT / "var").mkdir(exist_ok=True)
    log = open(REPO_ROOT / "var" / "bench-gunicorn.log", "w")  # noqa: SIM115
    server = subprocess.Popen(
        [
            PYTHON, "-m", "gunicorn", "config.wsgi:application",
            "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers), "--timeout", "600",
        ],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # a loaded machine boots 3 workers slowly
        while True:
            try:
                if httpx2.get(f"{base_url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"gunicorn did not start (see {log.name})")
            time.sleep(0.3)
        rates = {}
        for batch_size, count in (
            (1, min(300, args.conversations)),
            (50, args.conversations),
            (500, args.conversations),
        ):
            rates[batch_size] = api_rate(base_url, token, batch_size, count)
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()

    print(f"{TURNS}-turn conversations, 5-section summaries; gunicorn --workers {args.workers}")
    print(
        f"import_conversations (one JSONL file of {args.conversations}): {command:8.1f} conversations/s"
    )
    for batch_size, rate in rates.items():
        print(
            f"POST /conversations:batch, batch {batch_size:>3}:        {rate:8.1f} conversations/s"
            f"  ({rate / command:.2f}x the command)"
        )
    verdict = "met" if rates[500] >= 0.5 * command else "NOT met"
    print(f"target batch 500 >= 0.5x the command: {verdict}")


if __name__ == "__main__":
    main()
