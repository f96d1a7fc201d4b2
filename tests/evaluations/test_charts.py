"""The dashboard's chart functions on hand-made rows: no database."""

from __future__ import annotations

import datetime as dt
import json

from evaluations.charts import (
    OKABE_ITO,
    AgreementRow,
    DimensionStat,
    Histogram,
    Marker,
    TrendRow,
    agreement_chart,
    breakdown_chart,
    combine,
    histogram_chart,
    trend_chart,
)

WEEK_1 = dt.date(2026, 10, 5)
WEEK_2 = dt.date(2026, 10, 12)
WEEK_3 = dt.date(2026, 10, 19)


def _row(week, accuracy, *, evaluations=4, group="", summarization=None):
    stats = {
        "accuracy": accuracy,
        "adherence": DimensionStat(mean=0.9, scored=evaluations, na=0),
        "completeness": DimensionStat(mean=None, scored=0, na=0),
        "summarization": summarization or DimensionStat(mean=None, scored=0, na=0),
    }
    return TrendRow(week=week, evaluations=evaluations, stats=stats, group=group)


def _traces(chart, name_start):
    return [t for t in chart.figure["data"] if t["name"].startswith(name_start)]


def test_it_leaves_na_out_of_the_mean_and_shows_its_rate_beside_it():
    rows = [
        _row(WEEK_1, DimensionStat(mean=0.5, scored=3, na=1)),
        _row(WEEK_2, DimensionStat(mean=0.8, scored=1, na=3)),
    ]
    chart = trend_chart(rows, [])
    accuracy = _traces(chart, "Accuracy")
    # The means as given (N/A not counted as a 0), and the N/A rate as a trace of its own.
    assert list(accuracy[0]["y"]) == [0.5, 0.8]
    assert accuracy[1]["name"] == "Accuracy N/A rate"
    assert list(accuracy[1]["y"]) == [0.25, 0.75]
    # The overall mean is weighted by the scored counts: (0.5*3 + 0.8*1) / 4 = 0.575; N/A 4 of 8.
    assert accuracy[0]["name"] == "Accuracy 0.57 · N/A 50%"
    assert chart.table.rows[0][2:4] == ("0.50", "25% of 4")


def test_it_draws_no_line_for_a_dimension_nobody_judged():
    chart = trend_chart([_row(WEEK_1, DimensionStat(mean=0.5, scored=3, na=1))], [])
    names = {t["name"].split()[0] for t in chart.figure["data"]}
    assert names == {"Accuracy", "Adherence"}


def test_it_combines_groups_weighting_by_the_scored_counts():
    merged = combine(
        [DimensionStat(1.0, 1, 0), DimensionStat(0.0, 3, 2), DimensionStat(None, 0, 5)]
    )
    assert merged == DimensionStat(mean=0.25, scored=4, na=7)
    assert merged.na_rate == 7 / 11


def test_it_says_no_data_rather_than_drawing_an_empty_axis():
    for chart in (
        trend_chart([], []),
        breakdown_chart([], [], by="queue"),
        histogram_chart([Histogram("accuracy", (0,) * 10, 0)]),
        agreement_chart([], []),
    ):
        assert chart.figure is None
        assert not chart.has_data


def test_a_week_of_only_na_is_data_for_the_rate_but_not_the_mean():
    chart = trend_chart([_row(WEEK_1, DimensionStat(mean=None, scored=0, na=4))], [])
    accuracy = _traces(chart, "Accuracy")
    assert list(accuracy[0]["y"]) == [None]
    assert list(accuracy[1]["y"]) == [1.0]


def test_it_places_each_marker_at_its_week_with_its_label():
    rows = [_row(w, DimensionStat(0.7, 2, 0)) for w in (WEEK_1, WEEK_2, WEEK_3)]
    markers = [
        Marker(WEEK_2, "judge", "claude-sonnet-5 · prompt p-2"),
        Marker(WEEK_2, "summarizer", "summarizer-v4"),
        Marker(WEEK_3, "section", "Next steps v2"),
        Marker(dt.date(2027, 1, 4), "section", "Later v3"),  # after the last week: not drawn
    ]
    chart = trend_chart(rows, markers)
    lines = [(s["x0"], s["x1"]) for s in chart.figure["layout"]["shapes"]]
    assert lines == [
        ("2026-10-12", "2026-10-12"),
        ("2026-10-12", "2026-10-12"),
        ("2026-10-19",) * 2,
    ]
    labels = [(a["x"], a["text"]) for a in chart.figure["layout"]["annotations"]]
    assert labels == [
        ("2026-10-12", "Judge: claude-sonnet-5 · prompt p-2"),
        ("2026-10-12", "Summarizer: summarizer-v4"),
        ("2026-10-19", "Section: Next steps v2"),
    ]
    # Two changes in one week: the second label sits under the first, not on it.
    ys = [a["y"] for a in chart.figure["layout"]["annotations"]]
    assert ys[0] != ys[1]
    assert [m.label for m in chart.markers] == [m.label for m in markers[:3]]


def test_the_breakdown_draws_the_biggest_groups_and_tables_them_all():
    rows = [
        _row(WEEK_1, DimensionStat(0.1 * n, 1, 0), evaluations=n, group=f"queue-{n}")
        for n in range(1, 11)
    ]
    chart = breakdown_chart(rows, [], by="queue", limit=8)
    legend = {t["name"] for t in chart.figure["data"] if t.get("showlegend")}
    assert legend == {f"queue-{n}" for n in range(3, 11)}
    assert len(chart.table.rows) == 10
    assert "8 queues with the most evaluations of 10" in chart.note


def test_the_small_multiples_sit_side_by_side_and_in_one_column_for_a_phone():
    rows = [_row(week, DimensionStat(0.5, 1, 0), group="billing") for week in (WEEK_1, WEEK_2)]
    chart = breakdown_chart(rows, [], by="queue")
    wide, narrow = chart.figure["layout"], chart.narrow_figure["layout"]
    # Accuracy and adherence were judged: two panels.
    assert wide["xaxis"]["domain"][1] < wide["xaxis2"]["domain"][0]  # side by side
    assert narrow["xaxis"]["domain"] == narrow["xaxis2"]["domain"] == [0, 1]
    assert narrow["yaxis2"]["domain"][1] < narrow["yaxis"]["domain"][0]  # one above the other
    assert narrow["height"] > wide["height"]
    assert len(chart.narrow_figure["data"]) == len(chart.figure["data"])
    one_panel = breakdown_chart(rows, [], by="queue", dimensions=("accuracy",))
    assert one_panel.narrow_figure is None  # nothing to stack: one figure serves both


def test_the_histogram_counts_na_in_its_table():
    chart = histogram_chart(
        [
            Histogram("accuracy", (0, 0, 1, 0, 0, 0, 0, 0, 2, 5), 3),
            Histogram("summarization", (0,) * 10, 0),
        ]
    )
    assert chart.table.rows == [("Accuracy", "0", "0", "1", "0", "0", "0", "0", "0", "2", "5", "3")]
    assert [t["name"] for t in chart.figure["data"]] == ["Accuracy (N/A 3)"]


def test_agreement_is_the_share_of_reviewed_items_agreed():
    chart = agreement_chart(
        [AgreementRow(WEEK_1, reviews=4, agreed=3, kappa=0.5), AgreementRow(WEEK_2, 0, 0, None)],
        [],
    )
    assert list(chart.figure["data"][0]["y"]) == [0.75, None]
    assert chart.table.rows[0] == ("2026-10-05", "4", "3", "75%", "0.50")


def test_the_figures_use_the_colour_blind_safe_palette_and_serialise_to_json():
    rows = [_row(WEEK_1, DimensionStat(0.5, 3, 1)), _row(WEEK_2, DimensionStat(0.6, 3, 1))]
    chart = trend_chart(rows, [Marker(WEEK_2, "judge", "x")])
    colours = {t["line"]["color"] for t in chart.figure["data"]}
    assert colours <= set(OKABE_ITO)
    assert json.loads(chart.figure_json)["layout"]["shapes"][0]["x0"] == "2026-10-12"
