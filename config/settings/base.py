"""Settings for every environment, driven by environment variables (see README "Configuration").

The embedded default needs no services: SQLite under var/, a file-system Celery broker under
var/celery/, and the offline judge when ANTHROPIC_API_KEY is not set.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from config.settings.env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_rate_limits,
    env_str,
    env_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var"))).resolve()

# Off unless turned on: a deployment that forgets it must not show tracebacks and settings to
# visitors. `make demo` (scripts/demo.py) and the tests turn it on explicitly.
DEBUG = env_bool("DEBUG", False)
_DEV_SECRET_KEY = "django-insecure-development-key-do-not-use-in-production"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET_KEY)
if not DEBUG and (
    len(SECRET_KEY) < 32 or SECRET_KEY == _DEV_SECRET_KEY or SECRET_KEY.startswith("replace-me")
):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random value (32+ characters) when DEBUG is off. "
        "DEBUG is off unless set: on a development machine, set DEBUG=true instead."
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# --- HTTPS (README "Production settings") ---------------------------------------------------------
# Off by default, so that the plain-HTTP setups (make demo, docker/compose.yml on localhost) work;
# a deployment served over HTTPS turns them on, and `manage.py check --deploy` is then silent.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# Health checks come over plain HTTP, from inside the container or from a load balancer.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
# No script reads the CSRF cookie: pages carry the token themselves (form fields, and hx-headers
# on <body> for HTMX), so the cookie can be hidden from scripts.
CSRF_COOKIE_HTTPONLY = env_bool("CSRF_COOKIE_HTTPONLY", True)
# Reverse proxies in front of the app, each setting X-Forwarded-Proto and appending to
# X-Forwarded-For: HTTPS is then recognised, and failed logins are counted per client address
# (config/security.py), not per proxy.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)
if TRUSTED_PROXY_COUNT:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "axes",  # failed-login throttling
    "csp",
    # django-ninja: the HTTP API (api/); listed so its bundled Swagger UI is served as static files.
    "ninja",
    "summaries",
    "evaluations",
    "web",
    "devkit",  # `manage.py load_demo`; it has no models
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files under gunicorn (docker/)
    # Under /api/ only: the body cap (API_MAX_BODY_BYTES, a 413), before anything reads the body.
    "api.middleware.ApiBodyLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every page needs a login; the login page and /healthz say `@login_not_required`.
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # request.htmx, and Vary: HX-Request on responses that depend on it.
    "config.middleware.VaryOnHtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its lockout page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy on every response (django-csp): no inline script or style, nothing
# from another origin. Behaviour lives in static/js/, styles in static/css/; htmx runs without
# eval and without the inline styles it would otherwise add (the meta tag in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context_processors.navigation",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"


def _database(url: str) -> dj_database_url.DBConfig:
    try:
        config = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} is not a database URL: {error}") from None
    if config["ENGINE"] == "django.db.backends.sqlite3":
        try:
            Path(config["NAME"]).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ImproperlyConfigured(
                f"cannot create the folder of the SQLite database {config['NAME']!r} "
                f"(DATABASE_URL / VAR_DIR): {error.strerror}"
            ) from None
        # The web server and the worker write concurrently: WAL plus IMMEDIATE transactions
        # make SQLite queue writers instead of failing with "database is locked".
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
        }
    return config


DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
DATABASES = {"default": _database(DATABASE_URL)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Failed logins (django-axes): on /login/ and the admin's login alike -----------------------
AUTHENTICATION_BACKENDS = [
    # Refuses a locked-out username or address before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1)
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_LOCKOUT_MINUTES)
# Each is its own lock: one username guessed from many addresses, and one address guessing many
# usernames, are both stopped.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip_address"
AXES_LOCKOUT_CALLABLE = "config.security.login_locked_out"
# Failures are still logged; this only drops the banner every manage.py command would print.
AXES_VERBOSE = False

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    # vendor/plotly/plotly.min.js, from the plotly package (config/staticfiles.py): no CDN.
    "config.staticfiles.PlotlyFinder",
]
# WhiteNoise serves STATIC_ROOT (collectstatic) in production; with DEBUG on (development, and
# tests, where pytest-django turns DEBUG off later) it finds files where they are instead.
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

# --- Imports (summaries/limits.py) ---------------------------------------------------------------
# Caps on one imported conversation and file; over a cap, the file fails with a clear error.
CONVERSATION_MAX_TURNS = env_int("CONVERSATION_MAX_TURNS", 5000, minimum=1)
TURN_MAX_CHARACTERS = env_int("TURN_MAX_CHARACTERS", 20000, minimum=1)
IMPORT_MAX_FILE_BYTES = env_int("IMPORT_MAX_FILE_BYTES", 50_000_000, minimum=1)
# Where /imports/ saves uploaded files for the worker to import: the web server and the workers
# must both see it (docker/compose.yml shares a volume).
IMPORT_UPLOAD_DIR = Path(env_str("IMPORT_UPLOAD_DIR", str(VAR_DIR / "imports"))).resolve()
# An upload whose message was lost (a worker killed mid-file, a Redis that came back empty) is
# handed out again by a sweep every IMPORT_WATCH_SECONDS, once nothing of it moved for
# IMPORT_STALL_SECONDS and no worker holds it (summaries/imports.py).
IMPORT_WATCH_SECONDS = env_int("IMPORT_WATCH_SECONDS", 30, minimum=1)
IMPORT_STALL_SECONDS = env_int("IMPORT_STALL_SECONDS", 60, minimum=1)
# The same sweep deletes the saved files of uploads finished more than this many days ago.
IMPORT_KEEP_DAYS = env_int("IMPORT_KEEP_DAYS", 7, minimum=0)
# Django's own upload settings: a file over FILE_UPLOAD_MAX_MEMORY_SIZE goes to a temporary file
# while it uploads (a file over IMPORT_MAX_FILE_BYTES is dropped as it arrives, summaries/uploads.py);
# an upload of more than DATA_UPLOAD_MAX_NUMBER_FILES files is refused whole.
FILE_UPLOAD_MAX_MEMORY_SIZE = env_int("FILE_UPLOAD_MAX_MEMORY_SIZE", 2_621_440, minimum=0)
DATA_UPLOAD_MAX_NUMBER_FILES = env_int("DATA_UPLOAD_MAX_NUMBER_FILES", 100, minimum=1)

# --- The HTTP API (api/, README "HTTP API") ----------------------------------------------------
# A request body over this is refused with 413; it bounds a batch of conversations too.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 32_000_000, minimum=1)
API_BATCH_MAX_ITEMS = env_int("API_BATCH_MAX_ITEMS", 500, minimum=1)
# Per token (per user for a browser session), counted in Redis ("" turns it off); a `limits`
# rate string such as "600/minute" or "10/second".
API_RATE_LIMIT = env_str("API_RATE_LIMIT", "600/minute")
# A run's webhook (evaluations/services/webhooks.py): posted once when the run ends, retried with
# doubling delays. Hosts that resolve to loopback, private or link-local addresses are refused
# unless this is on (a deployment whose receivers live on its own network).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", False)
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 8, minimum=1)
WEBHOOK_RETRY_BASE_SECONDS = env_float("WEBHOOK_RETRY_BASE_SECONDS", 10.0, minimum=0.0)
WEBHOOK_RETRY_MAX_SECONDS = env_float("WEBHOOK_RETRY_MAX_SECONDS", 3600.0, minimum=0.0)

# --- Celery -------------------------------------------------------------------------------------
CELERY_FILESYSTEM_DIR = VAR_DIR / "celery"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://localhost/")
if CELERY_BROKER_URL.startswith("filesystem://"):
    # One folder is both the producer's out-box and the worker's in-box.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_FILESYSTEM_DIR / "queue"),
        "data_folder_out": str(CELERY_FILESYSTEM_DIR / "queue"),
        "control_folder": str(CELERY_FILESYSTEM_DIR / "control"),
        "store_processed": False,
        # The transport polls the folder; kombu's 1 s default would cap the demo at ~2 tasks/s.
        "polling_interval": 0.1,
    }
    # Kombu's file-system transport does not create its folders, and a producer that runs before
    # any worker (manage.py run_evaluation, load_demo) would fail to publish.
    for _folder in ("queue", "control"):
        try:
            (CELERY_FILESYSTEM_DIR / _folder).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ImproperlyConfigured(
                f"cannot create the file-system broker folder {CELERY_FILESYSTEM_DIR / _folder} "
                f"(VAR_DIR): {error.strerror}"
            ) from None
elif not CELERY_BROKER_URL.startswith(("redis://", "rediss://", "amqp://", "memory://")):
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL={CELERY_BROKER_URL!r}: use filesystem://, redis://, rediss:// or amqp://."
    )
# With Redis, a message a dead worker took comes back after this many seconds. It must exceed the
# longest task plus its retry countdown, or a live task is delivered twice (harmless, but wasted).
CELERY_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 900, minimum=1)
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Kombu looks for such messages every interval x throttle seconds (100 s by default): keep
    # that sweep well inside a short timeout too.
    _RESTORE_INTERVAL = max(1, min(10, CELERY_VISIBILITY_TIMEOUT // 4))
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": CELERY_VISIBILITY_TIMEOUT,
        "unacked_restore_interval": _RESTORE_INTERVAL,
        "unacked_restore_throttle": max(
            1, min(10, CELERY_VISIBILITY_TIMEOUT // (10 * _RESTORE_INTERVAL))
        ),
    }
# One queue name per deployment (or per test session, so concurrent suites never share work).
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "celery", required=True).strip()
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- Judges -------------------------------------------------------------------------------------
ANTHROPIC_API_KEY = env_str("ANTHROPIC_API_KEY", "")
ANTHROPIC_BASE_URL = env_url("ANTHROPIC_BASE_URL", "", schemes=("http", "https"))
JUDGE_MODEL = env_str("JUDGE_MODEL", "claude-sonnet-5", required=True).strip()
JUDGE_DEFAULT = "anthropic" if ANTHROPIC_API_KEY else "local"
JUDGE_MAX_RETRIES = env_int("JUDGE_MAX_RETRIES", 4, minimum=0)
JUDGE_TIMEOUT_SECONDS = env_float("JUDGE_TIMEOUT_SECONDS", 120.0, minimum=1.0)

# --- Evaluation runs (see evaluations/tasks.py and evaluations/ratelimit.py) --------------------
# Per model, shared by all workers through Redis; 0 turns a limit off. Defaults fit a new API key.
JUDGE_REQUESTS_PER_MINUTE = env_int("JUDGE_REQUESTS_PER_MINUTE", 50, minimum=0)
JUDGE_INPUT_TOKENS_PER_MINUTE = env_int("JUDGE_INPUT_TOKENS_PER_MINUTE", 30000, minimum=0)
# Models whose budgets differ from the two above (API limits are set per model class).
JUDGE_RATE_LIMITS = env_rate_limits("JUDGE_RATE_LIMITS")
# Empty: the broker's Redis (memory without one). evaluations/ratelimit.py shares counters and
# retry-after pauses through Redis only, so no other `limits` storage is accepted.
JUDGE_RATE_LIMIT_STORAGE_URL = env_url(
    "JUDGE_RATE_LIMIT_STORAGE_URL", "", schemes=("redis", "rediss"), hostless=("memory",)
)
# A claim not renewed for this long belongs to a dead worker (live ones renew it every third of it).
EVALUATION_CLAIM_TIMEOUT_SECONDS = env_int("EVALUATION_CLAIM_TIMEOUT_SECONDS", 120, minimum=3)
EVALUATION_MAX_RETRIES = env_int("EVALUATION_MAX_RETRIES", 6, minimum=0)
EVALUATION_RETRY_BASE_SECONDS = env_float("EVALUATION_RETRY_BASE_SECONDS", 2.0, minimum=0.0)
EVALUATION_RETRY_MAX_SECONDS = env_float("EVALUATION_RETRY_MAX_SECONDS", 300.0, minimum=0.0)
if EVALUATION_RETRY_MAX_SECONDS < EVALUATION_RETRY_BASE_SECONDS:
    raise ImproperlyConfigured(
        f"EVALUATION_RETRY_MAX_SECONDS={EVALUATION_RETRY_MAX_SECONDS:g} is below "
        f"EVALUATION_RETRY_BASE_SECONDS={EVALUATION_RETRY_BASE_SECONDS:g}: the cap on the retry "
        "delay must be at least its first step."
    )
EVALUATION_FAN_OUT_CHUNK = env_int("EVALUATION_FAN_OUT_CHUNK", 500, minimum=1)
# Batch runs (issue 13): how often an open Message Batch is polled.
JUDGE_BATCH_POLL_SECONDS = env_float("JUDGE_BATCH_POLL_SECONDS", 60.0, minimum=0.0)
# The watchdog (evaluations/services/watchdog.py): one sweep over every open run, sent by Celery
# beat every EVALUATION_WATCH_SECONDS. Each sweep enqueues again the claims that went stale (cheap
# and safe, so it runs often); a run that made no progress for EVALUATION_STALL_SECONDS while work
# is due, nothing is in flight and the task queue is empty lost its messages, and is handed out
# again. Neither depends on the retry delays: a retry in its backoff is waiting, not lost. A Redis
# that lost its data (flushed, restarted empty) needs neither: its mark is gone, and the sweep a
# worker sends when it reconnects hands every open run out at once.
EVALUATION_WATCH_SECONDS = env_int("EVALUATION_WATCH_SECONDS", 15, minimum=1)
EVALUATION_STALL_SECONDS = env_int("EVALUATION_STALL_SECONDS", 30, minimum=1)
if EVALUATION_STALL_SECONDS < EVALUATION_WATCH_SECONDS:
    raise ImproperlyConfigured(
        f"EVALUATION_STALL_SECONDS={EVALUATION_STALL_SECONDS} is below "
        f"EVALUATION_WATCH_SECONDS={EVALUATION_WATCH_SECONDS}: a stall is seen by the sweeps, so "
        "it cannot be shorter than the time between two of them."
    )
# The sweep has a queue of its own, which every worker consumes beside the task queue: it is
# never stuck behind a backlog of evaluations, and the size of the task queue (which the sweep
# reads to tell a lost message from a waiting one) counts evaluations only.
CELERY_WATCHDOG_QUEUE = f"{CELERY_TASK_DEFAULT_QUEUE}-watchdog"
CELERY_TASK_QUEUES = [
    Queue(name, Exchange(name), routing_key=name)
    for name in (CELERY_TASK_DEFAULT_QUEUE, CELERY_WATCHDOG_QUEUE)
]
CELERY_TASK_ROUTES = {
    "evaluations.tasks.evaluation_runs_watch_task": {"queue": CELERY_WATCHDOG_QUEUE}
}
CELERY_BEAT_SCHEDULE = {
    "evaluation-runs-watch": {
        "task": "evaluations.tasks.evaluation_runs_watch_task",
        "schedule": float(EVALUATION_WATCH_SECONDS),
        # No expiry: after a time without workers, the first sweep a worker takes acts at once
        # (however old), and drops the others waiting behind it.
    },
}
# Uploads whose message was lost are handed out again by a sweep of their own (summaries). It
# goes to the task queue, as the imports themselves do, not to the watchdog's: each evaluation
# sweep empties that queue of the sweeps waiting there (`waiting_sweeps_drop`), which would drop
# an import sweep sent at the same tick.
CELERY_BEAT_SCHEDULE["import-batches-watch"] = {
    "task": "summaries.tasks.import_batches_watch_task",
    "schedule": float(IMPORT_WATCH_SECONDS),
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# Passwords inside URL settings (CELERY_BROKER_URL, DATABASE_URL, ...) are masked on error pages,
# in error e-mails and in the logs (config/reporting.py).
DEFAULT_EXCEPTION_REPORTER = "config.reporting.CredentialsMaskingExceptionReporter"
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.reporting.CredentialsMaskingReporterFilter"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_credentials": {"()": "config.reporting.MaskCredentialsLogFilter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_credentials"]},
    },
    # Django's own loggers print through their own handlers by default: send them through the
    # masked console handler instead.
    "loggers": {"django": {"handlers": [], "propagate": True}},
    "root": {
        "handlers": ["console"],
        "level": env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")),
    },
}
