#!/usr/bin/env bash
# Make sure PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer before the test suite runs.
# Start whichever is down when this machine can; otherwise say how to start it and fail.
set -u

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() {
  if command -v redis-cli >/dev/null 2>&1; then
    [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = "PONG" ]
  else
    (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null
  fi
}
wait_for() { for _ in $(seq 1 30); do "$1" && return 0; sleep 1; done; return 1; }

if ! pg_up; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432; trying to start it." >&2
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
  if ! wait_for pg_up; then
    echo "PostgreSQL is not running. Start it, e.g.:" >&2
    echo "  pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start" >&2
    echo "or point DATABASE_URL at a running server." >&2
    exit 1
  fi
fi

if ! redis_up; then
  echo "Redis is not answering on 127.0.0.1:6379; trying to start it." >&2
  if command -v redis-server >/dev/null 2>&1; then
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no || true
  fi
  if ! wait_for redis_up; then
    echo "Redis is not running. Start it, e.g.:" >&2
    echo "  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save \"\" --appendonly no" >&2
    exit 1
  fi
fi
echo "PostgreSQL and Redis are up."
