"""A claim's record and its measured answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes

Chart = Callable[["Axes"], None]  # draws a claim's chart on the axes it is given


@dataclass(frozen=True)
class Claim:
    """The one record of a claim: the index, the report page and the chart all read it from the script.

    ``quote`` is the book's exact words (``...`` where words are left out); ``page`` the page it stands on;
    ``title`` the claim in a few words of our own, for the chart (the quote, shortened, when there is none);
    ``plays`` the strategies it is measured under, where they are not its game's (a claim about one strategy);
    ``search_n`` a larger size for a search play (rollout:K) than ``sim.analysis.plays`` allows by default, for a
    claim whose effect under that play is too small to decide at the usual size.
    """

    id: str  # the script's file name, analysis/<id>.py
    game: str  # the game's title, as the book names it
    page: int
    quote: str
    measure: str  # what the script measures, in words
    title: str = ""
    plays: tuple[str, ...] = ()  # the strategies to measure it under; () = its game's PLAYS (sim.analysis.plays)
    search_n: int = 0  # deals (games) for a search play where the usual cap leaves it undecided; 0: the usual cap


@dataclass
class Answer:
    """A claim's measured answer: the table, the headline number, the verdict and why."""

    table: Any  # a pandas DataFrame
    headline: str  # e.g. "+0.52 ± 0.03 counters per deal (99% CI)"
    verdict: str  # supported | refuted | inconclusive | measured
    reason: str
    rules: list[str] = field(default_factory=list)  # rules strings of the runs behind the table
    n: int = 0  # deals per configuration actually played (largest)
    chart: Chart | None = None
    notes: list[str] = field(default_factory=list)
    plays: list[tuple[str, int]] = field(default_factory=list)  # each play measured, and its deals per configuration
    panels: list[tuple[str, Chart]] = field(default_factory=list)  # one chart per play, when there are several
