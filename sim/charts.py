"""Charts of runs, comparisons and fairness checks: PNG or SVG by the file's extension.

Each chart says in words what it shows (the title), in what units (the axes), where zero is (a line), and under
what conditions (a footnote naming the rules, players, deals, seed and version), with every estimate's interval.
One player count is drawn as a dot per role (roles down the side, dealer first, each with its value and interval
written beside it); a sweep of player counts as a line per role against the number of players. matplotlib is
imported only here, and only when a chart is drawn.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sim.fair import Z99, Fairness
from sim.stats import Z95

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from sim.results import Comparison, Result

EXTENSIONS = (".png", ".svg")
WIDTH = 9.0  # inches; with DPI 120 a PNG is about 1080 pixels wide
DPI = 120
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "*")
Series = tuple[str, list[int], list[float], list[float]]  # (label, players, values, SEs)
VERDICT_COLOURS = {"fair": "#2a7f3f", "gains": "#1f5fa8", "loses": "#b8322a", "unclear": "#7f7f7f"}


def check_path(path: str) -> None:
    """Refuse, before a run, a ``--chart`` that is not a .png or .svg file name that can be written."""
    from sim.files import check_writable

    ext = os.path.splitext(path)[1].lower()
    if ext not in EXTENSIONS or os.path.basename(path).lower() in EXTENSIONS:
        raise ValueError(f"--chart must be a file name ending in .png or .svg (got {path!r})")
    check_writable(path, "--chart")


def save(fig: Figure, path: str) -> None:
    """Write the figure (PNG or SVG by extension) atomically, and release it."""
    import matplotlib.pyplot as plt

    from sim.files import write_atomically

    check_path(path)
    fmt = os.path.splitext(path)[1].lower().lstrip(".")
    try:
        write_atomically(path, lambda tmp: fig.savefig(tmp, format=fmt, dpi=DPI))
    finally:
        plt.close(fig)


def _pyplot() -> Any:
    import matplotlib

    if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf") and not os.environ.get("DISPLAY"):
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def new_axes(ax: Axes | None = None, height: float = 4.5) -> Axes:
    """``ax``, or the axes of a new figure."""
    if ax is not None:
        return ax
    plt = _pyplot()
    fig = plt.figure(figsize=(WIDTH, height), layout="constrained")
    return fig.add_subplot()


def _figure(rows: int, cols: int, height: float) -> tuple[Figure, list[Axes]]:
    plt = _pyplot()
    fig, axes = plt.subplots(rows, cols, figsize=(WIDTH, height), layout="constrained", squeeze=False)
    return fig, [a for row in axes for a in row]


def grid(rows: int, cols: int, height: float) -> tuple[Figure, list[Axes]]:
    """A new figure of ``rows`` x ``cols`` axes, as wide as every chart here (for a command's own chart)."""
    return _figure(rows, cols, height)


FOOT_PT = 7.5  # the footnote's font size


def footnote(fig: Figure, lines: Sequence[str]) -> None:
    """The run's conditions under the chart, wrapped to its width, in a strip of their own at the bottom.

    The strip is taken out of the layout's rectangle rather than left to the layout to find: constrained layout
    could place the note against the lowest tick label of a tall axis (the labels overlapped on some data)."""
    wrapped = [textwrap.fill(line, 130) for line in lines]
    text = "\n".join(wrapped)
    rows = sum(w.count("\n") + 1 for w in wrapped)
    strip = (rows * FOOT_PT * 1.25 + 10) / 72 / fig.get_figheight()  # its height, a fraction of the figure
    fig.supxlabel(text, fontsize=FOOT_PT, ha="left", va="bottom", x=0.01, y=0.01, color="#333333", in_layout=False)
    engine = fig.get_layout_engine()
    if engine is not None:
        engine.set(rect=(0, strip, 1, 1 - strip))  # type: ignore[call-arg]  # constrained layout takes rect


def _colour(i: int) -> str:
    return f"C{i % 10}"


def _role_label(role: str) -> str:
    return {"dealer": "dealer", "elder": "elder hand"}.get(role, f"{role} (from dealer's left)")


def _ordered_roles(frames: Sequence[Any]) -> list[str]:
    """Every role name in the frames, dealer first (the order the runs write them)."""
    seen: list[str] = []
    for f in frames:
        for r in f.loc[f["role"].notna(), "role"]:
            if r not in seen:
                seen.append(r)
    return seen


def _digits(values: Sequence[float]) -> int:
    big = max((abs(v) for v in values if v == v), default=1.0)
    return 2 if big >= 1 else 3


# ------------------------------------------------------------------ dots per role (one player count)


def _dots(ax: Axes, labels: Sequence[str], series: Sequence[tuple[str, list[float], list[float]]], z: float) -> None:
    """Rows ``labels`` (top to bottom); each series (name, values, SEs) a dot with its interval, offset so that
    several series do not hide each other; the value and half-width written at the right edge for one series."""
    k = len(series)
    offsets = [0.0] if k == 1 else [0.28 * (j - (k - 1) / 2) / max(1, (k - 1) / 2) for j in range(k)]
    ys = list(range(len(labels)))[::-1]
    digits = _digits([v for _, vals, _ in series for v in vals])
    for j, (name, vals, ses) in enumerate(series):
        y = [yy - offsets[j] for yy in ys]
        ax.errorbar(
            vals,
            y,
            xerr=[z * s if s == s else 0.0 for s in ses],
            fmt=MARKERS[j % len(MARKERS)],
            color=_colour(j),
            capsize=4,
            markersize=6,
            label=name,
        )
        if k == 1:
            for v, s, yy in zip(vals, ses, y):
                ax.annotate(
                    f"{v:+.{digits}f} ± {z * s:.{digits}f}",
                    xy=(1.01, yy),
                    xycoords=("axes fraction", "data"),
                    va="center",
                    fontsize=8.5,
                    annotation_clip=False,
                )
    ax.set_yticks(ys, labels)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.axvline(0, color="black", lw=0.9)
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    ax.set_axisbelow(True)
    if k > 1:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="arm", title_fontsize=8)


def draw_run(ax: Axes, result: Result, by: str = "role") -> Axes:
    """Each role's (or seat's) net per deal with its 95% interval."""
    f = result.frame
    part = f[(f["metric"] == "net") & f[by].notna()]
    if by == "role":
        labels = [_role_label(r) for r in part["role"]]
    else:
        labels = [f"seat {int(s)} ({st})" for s, st in zip(part["seat"], part["strategy"])]
    _dots(ax, labels, [("net", list(part["mean"]), list(part["se"]))], Z95)
    unit, per = _units(result)
    ax.set_xlabel(f"net {unit} per {per}: won (+) or lost (−); bars 95% intervals")
    ax.set_title(f"By {by}", loc="left", fontsize=10)
    return ax


def draw_comparison(ax: Axes, comp: Comparison, by: str = "role") -> Axes:
    """Each arm's paired difference from the baseline, per role (or seat), with 95% intervals."""
    f = comp.frame
    arms = [a["label"] for a in comp.meta["arms"][1:]]
    part = f[(f["metric"] == "net") & f[by].notna()]
    first = part[part["arm"] == arms[0]]
    if by == "role":
        labels = [_role_label(r) for r in first["role"]]
    else:
        labels = [f"seat {int(s)}" for s in first["seat"]]
    series = []
    for arm in arms:
        rows = part[part["arm"] == arm]
        series.append((arm, list(rows["diff"]), list(rows["se"])))
    _dots(ax, labels, series, Z95)
    base = comp.meta["arms"][0]["label"]
    unit, per = _units(comp.results[0])
    which = arms[0] if len(arms) == 1 else "arm"
    ax.set_xlabel(f"difference in net {unit} per {per}: {which} minus {base} (paired, same {per}s); bars 95% intervals")
    ax.set_title(f"By {by}", loc="left", fontsize=10)
    return ax


def draw_fairness(ax: Axes, fair: Fairness) -> Axes:
    """Each role's edge over the mean of the others with its 99% interval, the fair band shaded, coloured by verdict."""
    labels = [_role_label(r.role) for r in fair.roles]
    ys = list(range(len(labels)))[::-1]
    ax.axvspan(-fair.tolerance, fair.tolerance, color="#2a7f3f", alpha=0.12, lw=0)
    digits = _digits([r.edge for r in fair.roles])
    for r, y in zip(fair.roles, ys):
        colour = VERDICT_COLOURS[r.verdict]
        err = r.half_width if r.half_width == r.half_width else 0.0
        ax.errorbar([r.edge], [y], xerr=[err], fmt="o", color=colour, capsize=4, markersize=6)
        ax.annotate(
            f"{r.edge:+.{digits}f} ± {err:.{digits}f}  {r.verdict}",
            xy=(1.01, y),
            xycoords=("axes fraction", "data"),
            va="center",
            fontsize=8.5,
            color=colour,
            annotation_clip=False,
        )
    ax.set_yticks(ys, labels)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.axvline(0, color="black", lw=0.9)
    ax.grid(axis="x", color="#dddddd", lw=0.6)
    ax.set_axisbelow(True)
    ax.set_xlabel(
        f"{fair.unit} per {fair.deal} won beyond the mean of the other roles; bars 99% intervals; "
        f"shaded: fair (±{fair.tolerance:g} {fair.unit})"
    )
    return ax


# ------------------------------------------------------------------ lines against the number of players


def _lines(ax: Axes, table: list[Series], z: float) -> None:
    """One line per (name, players, values, SEs), slightly dodged sideways so that the error bars stay apart."""
    k = len(table)
    for j, (name, xs, vals, ses) in enumerate(table):
        dodge = 0.06 * (j - (k - 1) / 2)
        ax.errorbar(
            [x + dodge for x in xs],
            vals,
            yerr=[z * s if s == s else 0.0 for s in ses],
            marker=MARKERS[j % len(MARKERS)],
            color=_colour(j),
            capsize=3,
            markersize=5,
            lw=1.3,
            label=name,
        )
    xs_all = sorted({x for _, xs, _, _ in table for x in xs})
    ax.set_xticks(xs_all)
    ax.axhline(0, color="black", lw=0.9)
    ax.grid(color="#dddddd", lw=0.6)
    ax.set_axisbelow(True)
    ax.set_xlabel("number of players")


def _legend_outside(ax: Axes, title: str) -> None:
    ax.legend(title=title, fontsize=8, title_fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def _by_role(
    frames: list[tuple[int, Any]], metric: str, value: str
) -> list[tuple[str, list[int], list[float], list[float]]]:
    """[(role label, players, values, SEs)] from (players, frame) pairs, over the rows of ``metric`` per role."""
    roles = _ordered_roles([f for _, f in frames])
    table = []
    for role in roles:
        xs, vals, ses = [], [], []
        for players, f in frames:
            row = f[(f["metric"] == metric) & (f["role"] == role)]
            if len(row):
                xs.append(players)
                vals.append(float(row[value].iloc[0]))
                ses.append(float(row["se"].iloc[0]))
        table.append((_role_label(role), xs, vals, ses))
    return table


def draw_run_sweep(ax: Axes, results: Sequence[Result]) -> Axes:
    """Each role's net per deal against the number of players, with 95% intervals."""
    _lines(ax, _by_role([(r.meta["players"], r.frame) for r in results], "net", "mean"), Z95)
    unit, per = _units(results[0])
    ax.set_ylabel(f"net {unit} per {per}\n(bars: 95% intervals)")
    _legend_outside(ax, "role")
    return ax


def draw_comparison_sweep(ax: Axes, comps: Sequence[Comparison], arm: str) -> Axes:
    """One arm's paired difference from the baseline per role, against the number of players (95% intervals)."""
    frames = [(c.meta["players"], c.frame[c.frame["arm"] == arm]) for c in comps]
    _lines(ax, _by_role(frames, "net", "diff"), Z95)
    base = comps[0].meta["arms"][0]["label"]
    unit, per = _units(comps[0].results[0])
    ax.set_ylabel(f"difference in net {unit} per {per}\n({arm} minus {base}; bars: 95%)")
    ax.set_title(f"{arm} against {base}", loc="left", fontsize=10)
    _legend_outside(ax, "role")
    return ax


def draw_fairness_sweep(ax: Axes, fairs: Sequence[Fairness]) -> Axes:
    """Each role's edge over the others against the number of players (99% intervals), the fair band shaded."""
    names: list[str] = []
    for fa in fairs:
        names += [r.role for r in fa.roles if r.role not in names]
    table = []
    for name in names:
        pts = [(fa.players, r) for fa in fairs for r in fa.roles if r.role == name]
        table.append((_role_label(name), [p for p, _ in pts], [r.edge for _, r in pts], [r.se for _, r in pts]))
    tol = fairs[0].tolerance
    ax.axhspan(-tol, tol, color="#2a7f3f", alpha=0.12, lw=0, label=f"fair (±{tol:g} {fairs[0].unit})")
    _lines(ax, table, Z99)
    ax.set_ylabel(f"{fairs[0].unit} per {fairs[0].deal} beyond the others\n(bars: 99% intervals)")
    _legend_outside(ax, "role")
    return ax


# ------------------------------------------------------------------ whole figures, with titles and footnotes


def _units(result: Result) -> tuple[str, str]:
    """(unit, deal word) of a run, from its game's contract: ("counters", "deal"), ("sixths of a stake", "game")."""
    from sim.results import units

    return units(result.meta)


def _conditions(result: Result, players: str | None = None) -> str:
    m = result.meta
    strategies = sorted(set(m["strategies"]))
    plays = "strategy " + strategies[0] if len(strategies) == 1 else "strategies by seat " + ", ".join(m["strategies"])
    _, per = _units(result)
    deals = f"{m['n']:,} {per}s" if players is None else f"-n {m['n_requested']:,} per count"
    count = players or f"{m['players']} players"
    return (
        f"rules {m['rules_string']} (variant {m['variant']}); {count}; {deals} in sessions of "
        f"{m['rotations']} rotation(s); {plays}; seed {m['seed']}; sim {m['version']}"
    )


def _title(result: Result) -> str:
    from sim import fair, games

    module = games.load(result.meta["game"])
    rules = module.Rules(**result.meta["rules"]).validated()
    return fair.title(module, result.meta["variant"], rules)


def _players_words(counts: Sequence[int]) -> str:
    return f"{min(counts)} to {max(counts)} players" if len(counts) > 1 else f"{counts[0]} players"


def run_title(results: Sequence[Result]) -> str:
    """A run's chart title, in words."""
    title = _title(results[0])
    _, per = _units(results[0])
    if len(results) > 1:
        return f"{title}: each role's net per {per} by the number of players"
    return f"{title}, {results[0].meta['players']} players: what each role wins or loses per {per}"


def compare_title(comps: Sequence[Comparison]) -> str:
    """A comparison's chart title, in words."""
    from sim import games

    title = games.load(comps[0].meta["game"]).TITLE
    base = comps[0].meta["arms"][0]["label"]
    _, per = _units(comps[0].results[0])
    if len(comps) > 1:
        return f"{title}: each role's change in net per {per} against {base}, by the number of players"
    n = comps[0].meta["players"]
    arms = comps[0].meta["arms"][1:]
    which = arms[0]["label"] if len(arms) == 1 else "each arm"
    return f"{title}, {n} players: how {which} changes each role's net per {per} against {base}"


def fairness_title(fairs: Sequence[Fairness]) -> str:
    """A fairness check's chart title, in words."""
    first = fairs[0]
    if len(fairs) > 1:
        return f"Is {first.title} fair? Each role against the others, by the number of players"
    return f"Is {first.title} fair with {first.players} players? Each role against the others"


def run_figure(results: Sequence[Result]) -> Figure:
    """A run's chart: each role's net (and each seat's, when the seats play differently) or, for a sweep of player
    counts, each role's net against the number of players."""
    first = results[0]
    if len(results) > 1:
        fig, (ax,) = _figure(1, 1, 5.0)
        draw_run_sweep(ax, results)
        counts = [r.meta["players"] for r in results]
        fig.suptitle(run_title(results), fontsize=12)
        footnote(fig, [_conditions(first, _players_words(counts)), "Roles rotate with the deal; SEs over sessions."])
        return fig
    mixed = len(set(first.meta["strategies"])) > 1
    n = first.meta["players"]
    fig, axes = _figure(2 if mixed else 1, 1, 1.2 + 0.45 * n * (2 if mixed else 1) + 1.0)
    draw_run(axes[0], first, "role")
    if mixed:
        draw_run(axes[1], first, "seat")
    fig.suptitle(run_title(results), fontsize=12)
    footnote(fig, [_conditions(first), "Roles rotate with the deal; SEs over sessions."])
    return fig


def compare_figure(comps: Sequence[Comparison]) -> Figure:
    """A comparison's chart: each arm's paired difference from the baseline per role (and per seat where the
    strategies differ) or, for a sweep, per role against the number of players, one panel per arm."""
    first = comps[0]
    arms = first.meta["arms"]
    labels = "; ".join(f"{a['label']} = {a['rules_string']}, {'/'.join(sorted(set(a['strategies'])))}" for a in arms)
    sweep = _players_words([c.meta["players"] for c in comps]) if len(comps) > 1 else None
    parts = _conditions(first.results[0], sweep).split("; ")
    conditions = "; ".join(p for p in parts[1:] if not p.startswith("strateg"))  # the arms name rules, strategies
    if len(comps) > 1:
        others = [a["label"] for a in arms[1:]]
        fig, axes = _figure(len(others), 1, 0.6 + 3.6 * len(others))
        for ax, arm in zip(axes, others):
            draw_comparison_sweep(ax, comps, arm)
        fig.suptitle(compare_title(comps))
    else:
        by_seat = any(len(set(a["strategies"])) > 1 for a in arms)  # some seat plays unlike the others
        n = first.meta["players"]
        k = len(arms) - 1
        rows_height = 0.35 * n * max(1, k) ** 0.5 + 0.8
        fig, axes = _figure(2 if by_seat else 1, 1, 1.3 + rows_height * (2 if by_seat else 1))
        draw_comparison(axes[0], first, "role")
        if by_seat:
            draw_comparison(axes[1], first, "seat")
        fig.suptitle(compare_title(comps))
    footnote(fig, ["arms: " + labels, conditions, "Every arm plays the same deals (paired differences)."])
    return fig


def fairness_figure(fairs: Sequence[Fairness]) -> Figure:
    """A fairness check's chart: each role's edge over the others with its verdict, or against the number of
    players for a sweep."""
    first = fairs[0]
    deals = f"{first.n:,} {first.deal}s" if len(fairs) == 1 else f"about {first.n:,} {first.deal}s per count"
    where = f"rules {first.rules_string}; {_players_words([f.players for f in fairs])}; {deals}"
    meta = f"{where}; seed {first.seed}; sim {first.version}"
    if len(fairs) > 1:
        fig, (ax,) = _figure(1, 1, 5.0)
        draw_fairness_sweep(ax, fairs)
        fig.suptitle(fairness_title(fairs))
        footnote(fig, [meta, "Edge = a role's net minus the mean of the other roles' nets, on the same deals."])
        return fig
    fig, (ax,) = _figure(1, 1, 1.6 + 0.45 * first.players + 0.8)
    draw_fairness(ax, first)
    fig.suptitle(fairness_title(fairs))
    footnote(fig, [first.summary, meta, "Edge = a role's net minus the mean of the other roles' nets, same deals."])
    return fig


__all__ = [
    "check_path",
    "compare_figure",
    "draw_comparison",
    "draw_comparison_sweep",
    "draw_fairness",
    "draw_fairness_sweep",
    "draw_run",
    "draw_run_sweep",
    "fairness_figure",
    "new_axes",
    "run_figure",
    "save",
]
