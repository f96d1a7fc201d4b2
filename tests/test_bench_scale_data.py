"""bench/scale_data.py at a small scale: the page benchmarks and the dashboard's rely on its rows
being consistent (scores from their verdicts, runs' totals, the latest evaluation per summary),
and on it following the models as they change."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import psycopg
import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scale_database() -> Iterator[psycopg.Connection]:
    """A database of this suite's own, next to its test database, filled with 400 conversations
    over 6 weeks; dropped afterwards."""
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa")
    if not base.startswith("postgres"):
        pytest.skip("bench/scale_data.py needs PostgreSQL (DATABASE_URL)")
    url = f"{base}_scale_test"
    completed = subprocess.run(
        [
            sys.executable,
            "bench/scale_data.py",
            "--conversations",
            "400",
            "--long",
            "4",
            "--weeks",
            "6",
            "--seed",
            "3",
        ],
        cwd=REPO_ROOT,
        env={**os.environ, "BENCH_SCALE_DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert "filled in" in completed.stdout
    with psycopg.connect(url, autocommit=True) as connection:
        yield connection
    server, name = url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def one(connection: psycopg.Connection, sql: str) -> object:
    row = connection.execute(sql).fetchone()
    assert row is not None
    return row[0]


def test_it_makes_the_conversations_turns_and_summaries_asked_for(
    scale_database: psycopg.Connection,
) -> None:
    db = scale_database
    assert one(db, "SELECT count(*) FROM summaries_conversation") == 400
    assert one(db, "SELECT count(*) FROM summaries_summary") == 400
    turns = db.execute(
        "SELECT conversation_id, count(*), max(index) FROM summaries_turn GROUP BY 1"
    ).fetchall()
    assert len(turns) == 400
    assert all(count == top + 1 for _, count, top in turns)  # indexes 0..n-1, no gaps
    assert sum(1 for _, count, _ in turns if count == 150) == 4
    assert all(12 <= count <= 28 for _, count, _ in turns if count != 150)
    # Six weeks up to about now, in several queues and channels.
    assert one(
        db,
        "SELECT max(started_at) - min(started_at) > interval '5 weeks' "
        "AND max(started_at) <= now() AND min(started_at) >= now() - interval '6 weeks 2 hours' "
        "FROM summaries_conversation",
    )
    assert one(db, "SELECT count(DISTINCT queue) FROM summaries_conversation") == 8
    assert one(db, "SELECT count(DISTINCT channel) FROM summaries_conversation") == 2


def test_every_evaluation_score_comes_from_its_verdicts(
    scale_database: psycopg.Connection,
) -> None:
    mismatches = scale_database.execute(
        """
        SELECT e.id, e.accuracy, a.accurate::float / a.points
        FROM evaluations_summaryevaluation e
        JOIN (SELECT evaluation_id, count(*) FILTER (WHERE is_accurate) AS accurate,
                     count(*) AS points
              FROM evaluations_accuracyverdict GROUP BY 1) a ON a.evaluation_id = e.id
        WHERE abs(e.accuracy - a.accurate::float / a.points) > 1e-9
        """
    ).fetchall()
    assert mismatches == []
    # Adherence is N/A exactly when the summary has no custom section, and never a 0 for it.
    assert (
        one(
            scale_database,
            """
            SELECT count(*) FROM evaluations_summaryevaluation e
            WHERE e.status = 'succeeded' AND (e.adherence IS NULL) <> NOT EXISTS (
                SELECT 1 FROM summaries_summarysection s
                JOIN summaries_sectiondefinition d ON d.id = s.definition_id
                WHERE s.summary_id = e.summary_id AND d.origin = 'custom')
            """,
        )
        == 0
    )
    assert (
        one(
            scale_database,
            "SELECT count(*) FROM evaluations_summaryevaluation "
            "WHERE adherence IS NULL AND adherence_na_reason = '' AND status = 'succeeded'",
        )
        == 0
    )


def test_two_judge_configurations_judged_and_the_runs_add_up(
    scale_database: psycopg.Connection,
) -> None:
    db = scale_database
    configurations = db.execute(
        "SELECT judge, model, prompt_version, count(*) FROM evaluations_summaryevaluation "
        "GROUP BY 1, 2, 3 ORDER BY 1"
    ).fetchall()
    assert [row[:2] for row in configurations] == [
        ("anthropic", "claude-sonnet-5"),
        ("local", "local"),
    ]
    assert configurations[1][3] == 400  # the weekly runs judge every summary
    assert 0 < configurations[0][3] < 400
    # Only Claude's evaluations have claims, questions and model calls.
    assert (
        one(
            db,
            "SELECT count(*) FROM evaluations_summarizationclaim c "
            "JOIN evaluations_summaryevaluation e ON e.id = c.evaluation_id "
            "WHERE e.judge <> 'anthropic'",
        )
        == 0
    )
    runs = db.execute(
        """
        SELECT r.total, r.evaluated, r.failed, count(e.id),
               count(e.id) FILTER (WHERE e.status = 'succeeded'),
               count(e.id) FILTER (WHERE e.status = 'failed')
        FROM evaluations_evaluationrun r LEFT JOIN evaluations_summaryevaluation e
          ON e.run_id = r.id
        GROUP BY r.id
        """
    ).fetchall()
    assert len(runs) >= 7  # six weekly runs and at least one Claude sample
    assert all(row[:3] == row[3:] for row in runs)
    # Claude judged a sample after the weekly run of the same summaries.
    assert (
        one(
            db,
            "SELECT count(*) FROM evaluations_summaryevaluation c "
            "JOIN evaluations_summaryevaluation l ON l.summary_id = c.summary_id "
            "WHERE c.judge = 'anthropic' AND l.judge = 'local' "
            "AND c.finished_at <= l.finished_at",
        )
        == 0
    )


def test_the_loaded_tables_keep_their_indexes_keys_and_sequences(
    scale_database: psycopg.Connection,
) -> None:
    db = scale_database
    # The foreign keys and the migrations' indexes were put back after the COPY.
    foreign_keys = one(
        db,
        "SELECT count(*) FROM pg_constraint WHERE contype = 'f' "
        "AND conrelid = 'summaries_turn'::regclass",
    )
    assert foreign_keys == 1
    assert (
        one(
            db,
            "SELECT count(*) FROM pg_indexes WHERE tablename = 'summaries_conversation' "
            "AND indexname = 'conv_queue_started_idx'",
        )
        == 1
    )
    # A new row gets the next id, not one the COPY already used.
    for table in ("summaries_turn", "evaluations_summaryevaluation"):
        next_id = one(db, f"SELECT nextval(pg_get_serial_sequence('{table}', 'id'))")
        assert next_id == one(db, f"SELECT max(id) FROM {table}") + 1


def test_each_summary_has_one_latest_evaluation_with_its_queue_columns(
    scale_database: psycopg.Connection,
) -> None:
    db = scale_database
    # The latest is the newest run's succeeded evaluation, as verdict_write decides.
    assert (
        one(
            db,
            """
            SELECT count(*) FROM summaries_summary s
            WHERE (SELECT e.id FROM evaluations_summaryevaluation e
                   WHERE e.summary_id = s.id AND e.status = 'succeeded'
                   ORDER BY e.run_id DESC LIMIT 1)
               IS DISTINCT FROM
                  (SELECT e.id FROM evaluations_summaryevaluation e
                   WHERE e.summary_id = s.id AND e.is_latest)
            """,
        )
        == 0
    )
    # failing_points counts every failed item of every kind.
    assert (
        one(
            db,
            """
            SELECT count(*) FROM evaluations_summaryevaluation e
            WHERE e.failing_points <> (
                (SELECT count(*) FROM evaluations_accuracyverdict v
                 WHERE v.evaluation_id = e.id AND NOT v.is_accurate)
              + (SELECT count(*) FROM evaluations_adherenceverdict v
                 WHERE v.evaluation_id = e.id AND NOT v.is_addressed)
              + (SELECT count(*) FROM evaluations_completenessitemverdict i
                 JOIN evaluations_completenessrubricverdict r ON r.id = i.rubric_id
                 WHERE r.evaluation_id = e.id AND NOT i.is_covered)
              + (SELECT count(*) FROM evaluations_summarizationclaim v
                 WHERE v.evaluation_id = e.id AND NOT v.supported)
              + (SELECT count(*) FROM evaluations_coveragequestion v
                 WHERE v.evaluation_id = e.id AND NOT v.answered))
            """,
        )
        == 0
    )
    assert one(
        db,
        "SELECT bool_and(has_na = (adherence IS NULL OR completeness IS NULL)) "
        "FROM evaluations_summaryevaluation WHERE status = 'succeeded'",
    )


def test_analysts_reviewed_latest_evaluations_blind_and_not(
    scale_database: psycopg.Connection,
) -> None:
    db = scale_database
    reviews = one(db, "SELECT count(*) FROM evaluations_verdictreview")
    assert reviews > 0
    assert one(db, "SELECT count(DISTINCT is_blind) FROM evaluations_verdictreview") == 2
    # Every review is of an item of its evaluation, and copies the judge's verdict of it.
    assert (
        one(
            db,
            """
            SELECT count(*) FROM evaluations_verdictreview r
            LEFT JOIN evaluations_accuracyverdict a
              ON r.kind = 'accuracy_point' AND a.id = r.item_id AND a.evaluation_id = r.evaluation_id
            LEFT JOIN evaluations_adherenceverdict d
              ON r.kind = 'adherence_rubric' AND d.id = r.item_id
             AND d.evaluation_id = r.evaluation_id
            WHERE r.kind IN ('accuracy_point', 'adherence_rubric')
              AND r.judge_value IS DISTINCT FROM coalesce(a.is_accurate, d.is_addressed)
            """,
        )
        == 0
    )
    # Each reviewed evaluation is marked reviewed by each of its reviewers.
    assert (
        one(
            db,
            """
            SELECT count(*) FROM (SELECT DISTINCT evaluation_id, reviewer_id
                                  FROM evaluations_verdictreview) v
            WHERE NOT EXISTS (SELECT 1 FROM evaluations_summaryreview s
                              WHERE s.evaluation_id = v.evaluation_id
                                AND s.reviewer_id = v.reviewer_id)
            """,
        )
        == 0
    )
    assert one(
        db,
        "SELECT bool_and(e.is_latest) FROM evaluations_summaryreview s "
        "JOIN evaluations_summaryevaluation e ON e.id = s.evaluation_id",
    )


def test_it_builds_the_dashboard_rollup_from_the_rows_it_loaded(
    scale_database: psycopg.Connection,
) -> None:
    counted = one(
        scale_database,
        "SELECT count(*) FROM (SELECT DISTINCT summary_id, judge, model, prompt_version "
        "FROM evaluations_summaryevaluation WHERE status = 'succeeded') AS counted",
    )
    assert counted
    assert one(scale_database, "SELECT count(*) FROM evaluations_dashboardfact") == counted
    assert one(scale_database, "SELECT sum(facts) FROM evaluations_dashboardday") == counted
