"""`python -m devkit.fake_anthropic --port N --latency 1.5 --failure-rate 0.2`: serve until killed.

Prints one line, `fake-anthropic listening on http://HOST:PORT`, once it accepts requests, so a
benchmark or a fault test can wait for it. Faults can be added later over HTTP: POST /_fake/faults
with a JSON list such as `[{"kind": "malformed_json", "match": "dev-007", "times": 100}]`.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys

from devkit.fake_anthropic.server import RANDOM_FAULT_KINDS, FakeAnthropicServer, Fault


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m devkit.fake_anthropic", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per call")
    parser.add_argument(
        "--ttft", type=float, default=None, help="seconds to the first event (default latency/10)"
    )
    parser.add_argument(
        "--failure-rate", type=float, default=0.0, help="share of calls that fail at random"
    )
    parser.add_argument(
        "--failure-kinds",
        default=",".join(RANDOM_FAULT_KINDS),
        help="comma-separated: rate_limit, overloaded, server_error, timeout",
    )
    parser.add_argument(
        "--retry-after", type=float, default=1.0, help="retry-after of a random 429"
    )
    parser.add_argument(
        "--timeout-sleep", type=float, default=30.0, help="how long a 'timeout' hangs"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--min-cacheable-tokens", type=int, default=None)
    parser.add_argument(
        "--faults",
        default="",
        help='JSON list of scripted faults, e.g. \'[{"kind": "malformed_json", "match": "X", "times": 9}]\'',
    )
    args = parser.parse_args(argv)
    server = FakeAnthropicServer(
        host=args.host,
        port=args.port,
        latency=args.latency,
        ttft=args.ttft,
        failure_rate=args.failure_rate,
        failure_kinds=tuple(kind.strip() for kind in args.failure_kinds.split(",") if kind.strip()),
        retry_after=args.retry_after,
        timeout_sleep=args.timeout_sleep,
        seed=args.seed,
        min_cacheable_tokens=args.min_cacheable_tokens,
    )
    if args.faults:
        server.script(*(Fault(**item) for item in json.loads(args.faults)))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    server.start()
    print(f"fake-anthropic listening on {server.base_url}", flush=True)
    try:
        server.serve_forever()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
