"""The dashboard's charts: pure functions from aggregated rows to Plotly figures.

No Django and no database here (an import-linter contract says so): `evaluations.dashboard`
aggregates in SQL and hands these functions plain rows; the tests build rows by hand. Each
function returns a `Chart`: the figure as Plotly JSON (or None: the page then says "no data"
instead of drawing an empty axis) and the same numbers as a table, for people who would rather
read than look and for screen readers.

Colours are the Okabe-Ito palette, which stays distinguishable under the common colour-vision
deficiencies; lines also differ by dash and marker symbol, so colour is never the only cue.

Why one long module: the chart functions share one layout, one palette, the week axis and the
marker drawing; each function is short.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

DIMENSIONS = ("accuracy", "adherence", "completeness", "summarization")
SECTION_DIMENSIONS = ("accuracy", "adherence", "completeness")

# Okabe & Ito (2008), "Color Universal Design"; black last.
OKABE_ITO = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
    "#F0E442",  # yellow
    "#000000",
)
DIMENSION_COLOURS = dict(zip(DIMENSIONS, OKABE_ITO, strict=False))
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot", "solid", "dash")
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "cross", "star", "hexagon")
MARKER_COLOURS = {"judge": "#D55E00", "section": "#0072B2", "summarizer": "#009E73"}
MARKER_DASHES = {"judge": "dash", "section": "dot", "summarizer": "dashdot"}
MARKER_KINDS = {"judge": "Judge", "section": "Section", "summarizer": "Summarizer"}
HISTOGRAM_BINS = 10
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"


# --- Rows (what evaluations.dashboard returns) --------------------------------------------------


@dataclass(frozen=True)
class DimensionStat:
    """One dimension over some evaluations: the mean of the scored ones (N/A left out), how many
    were scored, and how many were N/A."""

    mean: float | None
    scored: int
    na: int

    @property
    def judged(self) -> int:
        return self.scored + self.na

    @property
    def na_rate(self) -> float | None:
        return self.na / self.judged if self.judged else None


@dataclass(frozen=True)
class TrendRow:
    """One week (of one group, for a breakdown): the evaluations counted and each dimension."""

    week: dt.date
    evaluations: int
    stats: dict[str, DimensionStat]
    group: str = ""


@dataclass(frozen=True)
class Marker:
    """Something changed in `week`: kind is "judge", "section" or "summarizer"."""

    week: dt.date
    kind: str
    label: str

    @property
    def kind_label(self) -> str:
        return MARKER_KINDS.get(self.kind, self.kind.capitalize())


@dataclass(frozen=True)
class Histogram:
    """Scores of one dimension in HISTOGRAM_BINS equal bins from 0 to 1 (1.0 in the last)."""

    dimension: str
    counts: tuple[int, ...]
    na: int


@dataclass(frozen=True)
class AgreementRow:
    """One week's reviews: how many verdict items analysts reviewed, how many they agreed on,
    and Cohen's kappa (None when undefined)."""

    week: dt.date
    reviews: int
    agreed: int
    kappa: float | None

    @property
    def rate(self) -> float | None:
        return self.agreed / self.reviews if self.reviews else None


@dataclass(frozen=True)
class Table:
    caption: str
    headers: tuple[str, ...]
    rows: list[tuple[str, ...]]


@dataclass(frozen=True)
class Chart:
    """A figure (Plotly JSON: data and layout) or None for "no data", and its numbers as a table."""

    key: str  # the element ids: chart-<key>
    title: str
    figure: dict[str, Any] | None
    table: Table
    note: str = ""
    markers: list[Marker] = field(default_factory=list)
    # The same figure laid out for a phone (small multiples in one column), when it differs.
    narrow_figure: dict[str, Any] | None = None

    @property
    def element_id(self) -> str:
        return f"chart-{self.key}"

    @property
    def has_data(self) -> bool:
        return self.figure is not None

    @property
    def figure_json(self) -> str:
        """The figure as JSON text, for the page to hand to plotly.js."""
        return json.dumps(self.figure, default=_json_default, separators=(",", ":"))

    @property
    def narrow_figure_json(self) -> str:
        return json.dumps(self.narrow_figure, default=_json_default, separators=(",", ":"))


# --- Formatting ----------------------------------------------------------------------------------


def percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0%}"


def score(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def week_label(week: dt.date) -> str:
    return week.isoformat()


# --- Merging --------------------------------------------------------------------------------------


def combine(stats: Iterable[DimensionStat]) -> DimensionStat:
    """Several groups' stats as one: the mean weighted by the scored counts."""
    stats = list(stats)
    scored = sum(s.scored for s in stats)
    na = sum(s.na for s in stats)
    total = sum(s.mean * s.scored for s in stats if s.mean is not None)
    return DimensionStat(mean=total / scored if scored else None, scored=scored, na=na)


def overall(rows: Sequence[TrendRow], dimension: str) -> DimensionStat:
    return combine(row.stats[dimension] for row in rows if dimension in row.stats)


# --- Figures --------------------------------------------------------------------------------------


def _merge(target: dict[str, Any], changes: dict[str, Any]) -> None:
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value


class Figure:
    """A Plotly figure as plain JSON dicts, with the few calls these charts make (a grid of
    subplots as plotly's `make_subplots` lays it out, traces, layout and axis updates, shapes
    and annotations). plotly.graph_objects validated every property on every call: about
    0.6 s of CPU per dashboard page, more than all its queries. plotly.js draws the result."""

    def __init__(
        self,
        rows: int = 1,
        cols: int = 1,
        *,
        shared_xaxes: bool = False,
        shared_yaxes: bool = False,
        row_heights: Sequence[float] | None = None,
        subplot_titles: Sequence[str] = (),
        vertical_spacing: float | None = None,
        horizontal_spacing: float | None = None,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.data: list[dict[str, Any]] = []
        self.layout: dict[str, Any] = {}
        if rows == 1 and cols == 1:
            self.layout |= {"xaxis": {}, "yaxis": {}}
            return
        across = horizontal_spacing if horizontal_spacing is not None else 0.2 / cols
        down = vertical_spacing if vertical_spacing is not None else 0.3 / rows
        width = (1 - across * (cols - 1)) / cols
        weights = list(row_heights or [1.0] * rows)
        heights = [w / sum(weights) * (1 - down * (rows - 1)) for w in weights]
        titles = list(subplot_titles)
        top = 1.0
        for row in range(1, rows + 1):
            bottom = top - heights[row - 1]
            for col in range(1, cols + 1):
                n = self._number(row, col)
                left = (col - 1) * (width + across)
                x: dict[str, Any] = {
                    "anchor": f"y{n if n > 1 else ''}",
                    "domain": [left, left + width],
                }
                y: dict[str, Any] = {
                    "anchor": f"x{n if n > 1 else ''}",
                    "domain": [max(bottom, 0), top],
                }
                if shared_xaxes and row < rows:  # the column's bottom axis leads
                    x |= {"matches": f"x{self._number(rows, col)}", "showticklabels": False}
                if shared_yaxes and col > 1:  # the row's first axis leads
                    lead = self._number(row, 1)
                    y |= {"matches": f"y{lead if lead > 1 else ''}", "showticklabels": False}
                self.layout[self._axis("xaxis", n)] = x
                self.layout[self._axis("yaxis", n)] = y
                if n <= len(titles):
                    self.add_annotation(
                        text=titles[n - 1], x=left + width / 2, y=top, xref="paper",
                        yref="paper", xanchor="center", yanchor="bottom", showarrow=False,
                        font={"size": 16},
                    )  # fmt: skip
            top = bottom - down

    def _number(self, row: int, col: int) -> int:
        return (row - 1) * self.cols + col

    @staticmethod
    def _axis(kind: str, number: int) -> str:
        return kind if number == 1 else f"{kind}{number}"

    def add_trace(
        self, trace: dict[str, Any], *, row: int | None = None, col: int | None = None
    ) -> None:
        if row is not None and col is not None and (self.rows, self.cols) != (1, 1):
            n = self._number(row, col)
            trace = {**trace, "xaxis": f"x{n if n > 1 else ''}", "yaxis": f"y{n if n > 1 else ''}"}
        self.data.append(trace)

    def update_layout(self, **changes: Any) -> None:
        _merge(self.layout, changes)

    def _update_axes(
        self, kind: str, changes: dict[str, Any], row: int | None, col: int | None
    ) -> None:
        if row is not None and col is not None:
            names = [self._axis(kind, self._number(row, col))]
        else:
            names = [name for name in self.layout if name.startswith(kind)]
        for name in names:
            _merge(self.layout.setdefault(name, {}), changes)

    def update_xaxes(
        self, *, row: int | None = None, col: int | None = None, **changes: Any
    ) -> None:
        self._update_axes("xaxis", changes, row, col)

    def update_yaxes(
        self, *, row: int | None = None, col: int | None = None, **changes: Any
    ) -> None:
        self._update_axes("yaxis", changes, row, col)

    def add_shape(self, **shape: Any) -> None:
        self.layout.setdefault("shapes", []).append(shape)

    def add_annotation(self, **annotation: Any) -> None:
        self.layout.setdefault("annotations", []).append(annotation)

    def to_json_dict(self) -> dict[str, Any]:
        return {"data": self.data, "layout": self.layout}


def _title(text: str) -> dict[str, Any]:
    return {"text": text}


def _layout(fig: Figure, *, height: int, legend: bool = True) -> None:
    fig.update_layout(
        height=height,
        margin={"l": 48, "r": 16, "t": 28, "b": 40},
        font={"family": FONT, "size": 12, "color": "#1f2933"},
        paper_bgcolor="white",
        plot_bgcolor="white",
        hovermode="x unified",
        showlegend=legend,
        legend={"orientation": "h", "y": -0.18, "x": 0, "yanchor": "top"},
    )
    fig.update_xaxes(showgrid=False, linecolor="#9aa5b1", ticks="outside", tickformat="%d %b")
    fig.update_yaxes(gridcolor="#e4e7eb", zeroline=False)


def _markers_on(fig: Figure, markers: Sequence[Marker], *, columns: int = 1) -> None:
    """Vertical lines from top to bottom of each column of subplots, with their label on top
    of the first."""
    seen_weeks: dict[dt.date, int] = {}
    for marker in markers:
        x = week_label(marker.week)
        for column in range(columns):
            fig.add_shape(
                type="line",
                xref="x" if column == 0 else f"x{column + 1}",
                yref="paper",
                x0=x,
                x1=x,
                y0=0,
                y1=1,
                line={
                    "color": MARKER_COLOURS.get(marker.kind, "#000000"),
                    "width": 1.5,
                    "dash": MARKER_DASHES.get(marker.kind, "dash"),
                },
            )
        # Two changes in one week: stack the labels.
        stacked = seen_weeks.get(marker.week, 0)
        seen_weeks[marker.week] = stacked + 1
        fig.add_annotation(
            x=x,
            xref="x",
            y=1 - 0.09 * stacked,
            yref="paper",
            text=f"{MARKER_KINDS.get(marker.kind, marker.kind)}: {marker.label}",
            showarrow=False,
            xanchor="left",
            yanchor="top",
            font={"size": 10, "color": MARKER_COLOURS.get(marker.kind, "#000000")},
            bgcolor="rgba(255,255,255,0.85)",
        )


WEEK_MS = 7 * 24 * 3600 * 1000


def _weekly_ticks(fig: Figure, weeks: Sequence[dt.date]) -> None:
    """One tick per week (on the Mondays) while they fit; plotly picks beyond that."""
    if weeks and len(set(weeks)) <= 12:
        fig.update_xaxes(dtick=WEEK_MS, tick0=week_label(min(weeks)))


def _figure_json(fig: Figure) -> dict[str, Any]:
    return fig.to_json_dict()


def markers_in_range(markers: Sequence[Marker], weeks: Sequence[dt.date]) -> list[Marker]:
    """The markers a chart over `weeks` can show: those from its first week to its last."""
    if not weeks:
        return []
    first, last = min(weeks), max(weeks)
    return [m for m in markers if first <= m.week <= last]


def trend_chart(
    rows: Sequence[TrendRow], markers: Sequence[Marker], *, dimensions: Sequence[str] = DIMENSIONS
) -> Chart:
    """Mean score per week of each dimension (N/A excluded), and under it each dimension's N/A
    rate per week; the overall N/A rate is in each line's name, beside its mean."""
    rows = sorted(rows, key=lambda r: r.week)
    shown = [d for d in dimensions if any(r.stats.get(d, _NONE).judged for r in rows)]
    weeks = [r.week for r in rows]
    table = Table(
        caption="Weekly mean score and N/A rate per dimension",
        headers=(
            "Week",
            "Evaluations",
            *(f"{d.capitalize()} {part}" for d in shown for part in ("mean", "N/A")),
        ),
        rows=[
            (
                week_label(r.week),
                str(r.evaluations),
                *(
                    value
                    for d in shown
                    for value in (
                        score(r.stats.get(d, _NONE).mean),
                        f"{percent(r.stats.get(d, _NONE).na_rate)} of {r.stats.get(d, _NONE).judged}",
                    )
                ),
            )
            for r in rows
        ],
    )
    visible_markers = markers_in_range(markers, weeks)
    if not shown:
        return Chart("trend", "Weekly mean scores", None, table, markers=visible_markers)
    fig = Figure(rows=2, cols=1, shared_xaxes=True, row_heights=[0.72, 0.28])
    for index, dimension in enumerate(shown):
        total = overall(rows, dimension)
        name = f"{dimension.capitalize()} {score(total.mean)} · N/A {percent(total.na_rate)}"
        colour = DIMENSION_COLOURS[dimension]
        fig.add_trace(
            dict(
                type="scatter",
                x=[week_label(w) for w in weeks],
                y=[r.stats.get(dimension, _NONE).mean for r in rows],
                customdata=[[r.stats.get(dimension, _NONE).scored] for r in rows],
                name=name,
                legendgroup=dimension,
                mode="lines+markers",
                line={"color": colour, "dash": DASHES[index], "width": 2},
                marker={"symbol": SYMBOLS[index], "size": 7},
                hovertemplate=f"{dimension.capitalize()} %{{y:.2f}} (n=%{{customdata[0]}})<extra></extra>",
            ),
            row=1,
            col=1,
        )
        fig.add_trace(
            dict(
                type="scatter",
                x=[week_label(w) for w in weeks],
                y=[r.stats.get(dimension, _NONE).na_rate for r in rows],
                name=f"{dimension.capitalize()} N/A rate",
                legendgroup=dimension,
                showlegend=False,
                mode="lines+markers",
                line={"color": colour, "dash": DASHES[index], "width": 1},
                marker={"symbol": SYMBOLS[index], "size": 5},
                hovertemplate=f"{dimension.capitalize()} N/A %{{y:.0%}}<extra></extra>",
            ),
            row=2,
            col=1,
        )
    _layout(fig, height=420)
    fig.update_yaxes(title=_title("Mean score"), range=[0, 1.05], row=1, col=1)
    fig.update_yaxes(title=_title("N/A rate"), tickformat=".0%", rangemode="tozero", row=2, col=1)
    _weekly_ticks(fig, weeks)
    _markers_on(fig, visible_markers)
    return Chart("trend", "Weekly mean scores", _figure_json(fig), table, markers=visible_markers)


def breakdown_chart(
    rows: Sequence[TrendRow],
    markers: Sequence[Marker],
    *,
    by: str,
    dimensions: Sequence[str] = DIMENSIONS,
    limit: int = 8,
) -> Chart:
    """Small multiples, one panel per dimension, a line per group (the `limit` groups with the
    most evaluations; the table has every group)."""
    label = {"queue": "Queue", "agent": "Agent", "section": "Section"}.get(by, by.capitalize())
    groups: dict[str, list[TrendRow]] = {}
    for row in sorted(rows, key=lambda r: (r.group, r.week)):
        groups.setdefault(row.group, []).append(row)
    shown_dimensions = [d for d in dimensions if any(r.stats.get(d, _NONE).judged for r in rows)]
    table = Table(
        caption=f"Weekly mean score per {label.lower()} (N/A excluded; N/A rate in brackets)",
        headers=(label, "Week", "Evaluations", *(d.capitalize() for d in shown_dimensions)),
        rows=[
            (
                r.group,
                week_label(r.week),
                str(r.evaluations),
                *(
                    f"{score(r.stats.get(d, _NONE).mean)} (N/A {percent(r.stats.get(d, _NONE).na_rate)})"
                    for d in shown_dimensions
                ),
            )
            for group_rows in groups.values()
            for r in group_rows
        ],
    )
    weeks = sorted({r.week for r in rows})
    visible_markers = markers_in_range(markers, weeks)
    title = f"By {label.lower()}"
    if not shown_dimensions:
        return Chart("breakdown", title, None, table, markers=visible_markers)
    biggest = sorted(groups, key=lambda g: (-sum(r.evaluations for r in groups[g]), g))[:limit]
    note = (
        f"The {limit} {label.lower()}s with the most evaluations of {len(groups)}; the table has all."
        if len(groups) > limit
        else ""
    )
    wide = _small_multiples(groups, biggest, shown_dimensions, weeks, visible_markers, columns=2)
    narrow = _small_multiples(groups, biggest, shown_dimensions, weeks, visible_markers, columns=1)
    return Chart(
        "breakdown",
        title,
        wide,
        table,
        note=note,
        markers=visible_markers,
        narrow_figure=narrow if narrow != wide else None,
    )


def _small_multiples(
    groups: dict[str, list[TrendRow]],
    biggest: Sequence[str],
    shown_dimensions: Sequence[str],
    weeks: Sequence[dt.date],
    visible_markers: Sequence[Marker],
    *,
    columns: int,
) -> dict[str, Any]:
    """One panel per dimension, in `columns` columns (one on a phone: two panels side by side
    at 390 pixels leave each some 150 for 26 weeks)."""
    columns = min(columns, len(shown_dimensions))
    panels = -(-len(shown_dimensions) // columns)
    fig = Figure(
        rows=panels,
        cols=columns,
        shared_xaxes=True,
        shared_yaxes=True,
        subplot_titles=[d.capitalize() for d in shown_dimensions],
        vertical_spacing=0.14,
        horizontal_spacing=0.05,
    )
    for index, group in enumerate(biggest):
        colour = OKABE_ITO[index % len(OKABE_ITO)]
        for panel, dimension in enumerate(shown_dimensions):
            group_rows = groups[group]
            fig.add_trace(
                dict(
                    type="scatter",
                    x=[week_label(r.week) for r in group_rows],
                    y=[r.stats.get(dimension, _NONE).mean for r in group_rows],
                    name=group or "(none)",
                    legendgroup=group,
                    showlegend=panel == 0,
                    mode="lines+markers",
                    line={"color": colour, "dash": DASHES[index % len(DASHES)], "width": 1.5},
                    marker={"symbol": SYMBOLS[index % len(SYMBOLS)], "size": 5},
                    hovertemplate=f"{group} %{{y:.2f}}<extra></extra>",
                ),
                row=panel // columns + 1,
                col=panel % columns + 1,
            )
    _layout(fig, height=230 * panels + 80)
    fig.update_layout(hovermode="closest")
    fig.update_yaxes(range=[0, 1.05])
    # Every panel shows its week axis (a column's last panel may not be on the bottom row).
    fig.update_xaxes(showticklabels=True)
    _weekly_ticks(fig, weeks)
    _markers_on(fig, visible_markers, columns=columns)
    return _figure_json(fig)


def histogram_chart(histograms: Sequence[Histogram]) -> Chart:
    """Each dimension's scores in ten bins, side by side; N/A counted in the table."""
    edges = [i / HISTOGRAM_BINS for i in range(HISTOGRAM_BINS + 1)]
    bins = [f"{edges[i]:.1f}–{edges[i + 1]:.1f}" for i in range(HISTOGRAM_BINS)]
    shown = [h for h in histograms if sum(h.counts) or h.na]
    table = Table(
        caption="How many evaluations scored in each band, per dimension",
        headers=("Dimension", *bins, "N/A"),
        rows=[(h.dimension.capitalize(), *map(str, h.counts), str(h.na)) for h in shown],
    )
    if not any(sum(h.counts) for h in shown):
        return Chart("distribution", "Score distributions", None, table)
    fig = Figure()
    centres = [(edges[i] + edges[i + 1]) / 2 for i in range(HISTOGRAM_BINS)]
    for h in shown:
        fig.add_trace(
            dict(
                type="bar",
                x=centres,
                y=list(h.counts),
                customdata=bins,
                name=f"{h.dimension.capitalize()} (N/A {h.na})",
                marker={
                    "color": DIMENSION_COLOURS.get(h.dimension, "#000000"),
                    "pattern": {"shape": ("", "/", ".", "x")[DIMENSIONS.index(h.dimension) % 4]},
                },
                hovertemplate=f"{h.dimension.capitalize()} %{{customdata}}: %{{y}}<extra></extra>",
            )
        )
    _layout(fig, height=320)
    fig.update_layout(barmode="group", bargap=0.15, hovermode="closest")
    fig.update_xaxes(range=[0, 1], dtick=0.1, tickformat=".1f")
    fig.update_yaxes(title=_title("Evaluations"))
    return Chart("distribution", "Score distributions", _figure_json(fig), table)


def agreement_chart(rows: Sequence[AgreementRow], markers: Sequence[Marker]) -> Chart:
    """Per week, the share of reviewed verdict items on which the analyst agreed with the judge,
    and Cohen's kappa (chance-corrected); the reviews counted are in the table and the hover."""
    rows = sorted(rows, key=lambda r: r.week)
    table = Table(
        caption="Judge-versus-human agreement per week",
        headers=("Week", "Reviewed items", "Agreed", "Agreement", "Cohen's kappa"),
        rows=[
            (
                week_label(r.week),
                str(r.reviews),
                str(r.agreed),
                percent(r.rate),
                "–" if r.kappa is None else f"{r.kappa:.2f}",
            )
            for r in rows
        ],
    )
    weeks = [r.week for r in rows if r.reviews]
    visible_markers = markers_in_range(markers, weeks)
    if not weeks:
        return Chart("agreement", "Judge versus human", None, table)
    x = [week_label(r.week) for r in rows]
    fig = Figure()
    fig.add_trace(
        dict(
            type="scatter",
            x=x,
            y=[r.rate for r in rows],
            customdata=[[r.reviews] for r in rows],
            name="Agreement",
            mode="lines+markers",
            line={"color": OKABE_ITO[0], "width": 2},
            marker={"symbol": "circle", "size": 7},
            hovertemplate="Agreement %{y:.0%} of %{customdata[0]} items<extra></extra>",
        )
    )
    fig.add_trace(
        dict(
            type="scatter",
            x=x,
            y=[r.kappa for r in rows],
            name="Cohen's kappa",
            mode="lines+markers",
            line={"color": OKABE_ITO[1], "dash": "dash", "width": 2},
            marker={"symbol": "square", "size": 6},
            hovertemplate="Kappa %{y:.2f}<extra></extra>",
        )
    )
    _layout(fig, height=300)
    fig.update_yaxes(range=[-0.05, 1.05], title=_title("Agreement · kappa"))
    _weekly_ticks(fig, [r.week for r in rows])
    _markers_on(fig, visible_markers)
    return Chart(
        "agreement", "Judge versus human", _figure_json(fig), table, markers=visible_markers
    )


def _json_default(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    if hasattr(value, "tolist"):  # a numpy array plotly made
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


_NONE = DimensionStat(mean=None, scored=0, na=0)
