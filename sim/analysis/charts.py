"""A claim's chart: lines by number of players with the error bars the verdicts use (99% CI)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from sim.analysis.record import Chart
from sim.analysis.verdicts import Z99

if TYPE_CHECKING:
    from matplotlib.axes import Axes

Column = str | Callable[[pd.DataFrame], Any]  # a column's name, or a function of the (sub)table
Line = tuple[Column, Column | None, str]  # (y, its SE or None for a plain line, label)
BARS = "error bars: 99% CI"
STYLES = [("o", "-"), ("s", "--"), ("^", ":"), ("D", "-."), ("v", (0, (5, 1, 1, 1)))]  # so no line hides another


def errorbar(ax: Axes, x: Any, y: Any, se: Any, label: str, **kw: Any) -> None:
    """Points joined by a line, with 99% error bars (the interval the verdicts use)."""
    style = {"marker": "o", "linestyle": "-", **kw}
    ax.errorbar(x, y, yerr=[Z99 * s for s in se], capsize=3, label=label, **style)


def _values(table: pd.DataFrame, column: Column) -> Any:
    return column(table) if callable(column) else table[column]


def players_chart(
    table: pd.DataFrame,
    lines: Sequence[Line],
    ylabel: str,
    *,
    zero: bool = False,
    by: str | None = None,
    x: str = "players",
    band: float | None = None,
    dodge: float = 0.0,
) -> Chart:
    """A chart of ``lines`` against the number of players.

    Each line is (y, se, label): with an SE it has 99% error bars, without one it is a plain line. With ``by``, the
    lines are drawn for each value of that column in turn (in table order), the label formatted with the value
    (``"horse at {:.2f} stake"``). ``zero`` draws the line y = 0, where an effect's sign is what is asked;
    ``band`` draws the lines ±band a verdict judges the effect against; ``dodge`` shifts each line sideways by
    that much from the next, so lines of equal values stay visible side by side rather than one under another.
    """

    def draw(ax: Axes) -> None:
        groups = [(None, table)] if by is None else [(v, table[table[by] == v]) for v in table[by].unique()]
        bars = False
        drawn = 0
        middle = (len(groups) * len(lines) - 1) / 2
        for value, part in groups:
            for y, se, label in lines:
                name = label if value is None else label.format(value)
                marker, dash = STYLES[drawn % len(STYLES)]
                at = part[x] + (drawn - middle) * dodge
                drawn += 1
                if se is None:
                    ax.plot(at, _values(part, y), marker=marker, linestyle=dash, label=name)
                else:
                    errorbar(ax, at, _values(part, y), _values(part, se), name, marker=marker, linestyle=dash)
                    bars = True
        if zero:
            ax.axhline(0, color="grey", lw=0.8)
        if band is not None:
            for edge in (-band, band):
                ax.axhline(
                    edge, color="grey", lw=0.8, ls=":", label=f"±{band:g}: the verdict's band" if edge > 0 else None
                )
        ax.set_xlabel(x)
        ax.set_ylabel(ylabel)
        ax.legend(title=BARS if bars else None, fontsize=8, title_fontsize=8)

    return draw
