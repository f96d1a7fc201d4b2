#!/bin/sh
# The image's entry point. `exec` makes gunicorn or Celery PID 1, so `docker stop` (SIGTERM)
# reaches it directly: gunicorn finishes its requests and Celery its tasks (a warm shutdown).
# `web`, `worker` and `beat` are the three services of compose.yml.
# PORT is for platforms that assign one; compose.yml publishes and health-checks 8000.
set -eu

case "${1:-web}" in
  web)
    python manage.py migrate --noinput
    exec gunicorn config.wsgi:application \
      --bind "0.0.0.0:${PORT:-8000}" \
      --workers "${WEB_CONCURRENCY:-3}" \
      --timeout 60 \
      --access-logfile -
    ;;
  worker)
    exec python -m celery -A config worker \
      --loglevel "${LOG_LEVEL:-INFO}" \
      --concurrency "${WORKER_CONCURRENCY:-4}"
    ;;
  beat)
    # Sends the watchdog's sweep every EVALUATION_WATCH_SECONDS. One is enough; a second (say,
    # during a rolling restart) is harmless. Its schedule file lives under VAR_DIR.
    exec python -m celery -A config beat --loglevel "${LOG_LEVEL:-INFO}"
    ;;
  *)
    exec "$@"
    ;;
esac
