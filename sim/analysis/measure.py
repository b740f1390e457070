"""Running a claim's measurements: a ``Study`` plays runs and comparisons through ``sim.runner`` and remembers
what it played (for the report's header); sweeps over the number of players; the role and seat gaps.

Full-size runs (``n`` of a million or more) stop early once every watched 95% half-width is below
``HEADLINE_WIDTH``; smaller (smoke) runs play exactly ``n``, so a test's numbers are fixed by (n, seed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pandas as pd

from sim import runner
from sim.analysis.record import Answer, Chart
from sim.analysis.verdicts import verdict_positive
from sim.results import Comparison, Result, role_name

FULL_N = 10_000_000  # deals per configuration for the committed reports (capped; see HEADLINE_WIDTH)
HEADLINE_WIDTH = 0.01  # stop early once every watched 95% half-width is below this (stakes per deal)
PLAYERS = range(3, 9)  # the counts every game of the book allows

Row = dict[str, Any]
Estimate = tuple[float, float]  # (mean, standard error)


def ci_width_for(n: int) -> float | None:
    """Full-size runs stop once precise enough; small (smoke) runs play exactly n."""
    return HEADLINE_WIDTH if n >= 1_000_000 else None


class Study:
    """One claim's runs at one size and seed, played through ``sim.runner``.

    It keeps the largest number of deals any configuration played and every rules string in the order first
    played, which ``answer`` puts in the report's header. ``play`` is the strategy seated wherever a run or
    comparison seats none of its own (``sim.analysis.plays`` runs a claim once per play); None: ``book``.
    """

    def __init__(self, n: int, seed: int, play: str | None = None) -> None:
        self.n = n
        self.seed = seed
        self.play = play or "book"
        self.played = 0
        self.rules: list[str] = []

    def _note(self, deals: int, rules: Iterable[str]) -> None:
        self.played = max(self.played, deals)
        for r in rules:
            if r not in self.rules:
                self.rules.append(r)

    def run(
        self,
        game: str,
        variant: str = "standard",
        players: int | None = None,
        *,
        n: int | None = None,
        every: bool = False,
        **spec: Any,
    ) -> Result:
        """One run (``sim run``); ``spec`` takes make_spec's other arguments (strategy, rules, session_deals ...).
        ``every`` plays all n deals (no early stop), where the headline width is not precise enough."""
        size = self.n if n is None else n
        spec.setdefault("strategy", self.play)
        made = runner.make_spec(game, variant, n=size, seed=self.seed, players=players, **spec)
        res = runner.run(made, ci_width=None if every else ci_width_for(size))
        self._note(res.meta["n"], [res.meta["rules_string"]])
        return res

    def compare(
        self,
        game: str,
        arms: Sequence[str],
        players: int | None = None,
        *,
        strategy: str | None = None,
        precise: str = "diff",
        n: int | None = None,
    ) -> Comparison:
        """Arms (as ``sim compare`` takes them) played on the same deals, each paired against the first.

        ``strategy`` is seated wherever an arm seats none (the study's play unless given).
        ``precise`` says what a full-size run deals until it is precise: "diff" (the paired differences), "all" (the
        arms' own means too, when the headline is one of them) or "n" (always the full n, for rare events).
        """
        size = self.n if n is None else n
        specs = [
            runner.make_spec(
                game,
                n=size,
                seed=self.seed,
                players=players,
                **{"strategy": strategy or self.play, **runner.parse_arm(game, a)},
            )
            for a in arms
        ]
        width = None if precise == "n" else ci_width_for(size)
        comp = runner.compare(specs, list(arms), ci_width=width, ci_arms=precise == "all")
        self._note(comp.meta["n"], [r.meta["rules_string"] for r in comp.results])
        return comp

    def sweep(self, count: Callable[[int], Row | list[Row]], players: Iterable[int] = PLAYERS) -> pd.DataFrame:
        """The table of ``count(p)`` for each number of players: one row (a dict) or several per count."""
        rows: list[Row] = []
        for p in players:
            got = count(p)
            rows += got if isinstance(got, list) else [got]
        return pd.DataFrame(rows)

    def gains(
        self,
        game: str,
        arms: Sequence[str],
        better: str,
        column: str,
        *,
        seat: int | None = None,
        role: str | None = None,
        extra: Callable[[Comparison], Row] | None = None,
        players: Iterable[int] = PLAYERS,
    ) -> pd.DataFrame:
        """Per count of players, the net gain of arm ``better`` over the other of the two ``arms`` on the same
        deals, for a seat or a role: columns players, ``column``, SE, ``extra(comparison)``, deals, and verdict
        ('supported' when the 99% CI of the gain lies above 0)."""

        def count(p: int) -> Row:
            c = self.compare(game, arms, p)
            mean, se = gain(c, better, seat=seat, role=role)
            more = extra(c) if extra is not None else {}
            return {
                "players": p,
                column: mean,
                "SE": se,
                **more,
                "deals": c.meta["n"],
                "verdict": verdict_positive(mean, se),
            }

        return self.sweep(count, players)

    def answer(
        self,
        table: pd.DataFrame,
        headline: str,
        verdict: str,
        reason: str,
        chart: Chart | None = None,
        notes: Sequence[str] = (),
    ) -> Answer:
        """The claim's Answer, with the rules and the deals this study played."""
        return Answer(table, headline, verdict, reason, list(self.rules), self.played, chart, list(notes))


def gain(
    c: Comparison, better: str, metric: str = "net", *, seat: int | None = None, role: str | None = None
) -> Estimate:
    """Arm ``better`` minus the other arm of a two-arm comparison (paired), whichever of them is the baseline."""
    labels = [a["label"] for a in c.meta["arms"]]
    if len(labels) != 2 or better not in labels:
        raise ValueError(f"gain needs a comparison of two arms, one of them {better!r} (got {labels})")
    if better == labels[0]:
        diff, se = c.diff(labels[1], metric, seat=seat, role=role)
        return -diff, se
    return c.diff(better, metric, seat=seat, role=role)


def gap(first: Estimate, others: Sequence[Estimate]) -> Estimate:
    """``first`` minus the mean of ``others``, with the SE they would have if independent (correlated estimates,
    such as the roles of the same deals, can have a larger one: prefer a per-session difference when there is one)."""
    mean_others = sum(m for m, _ in others) / len(others)
    se = (first[1] ** 2 + sum(s**2 for _, s in others) / len(others) ** 2) ** 0.5
    return first[0] - mean_others, se


def role_gap(res: Result, metric: str = "net") -> Estimate:
    """The dealer's mean minus the mean of the other roles.

    For ``net`` this is the dealer's ``edge`` row, whose SE comes from each session's own difference (exact: the
    roles of a deal are negatively correlated, so the SE taken as independent below is too small, not cautious).
    Other metrics fall back to ``gap``.
    """
    if metric == "net" and (res.frame["metric"] == "edge").any():
        return res.metric("edge", role="dealer")
    players = res.meta["players"]
    others = [res.metric(metric, role=role_name(k)) for k in range(1, players)]
    return gap(res.metric(metric, role="dealer"), others)


def seat_gap(res: Result, seat: int = 0, metric: str = "net", *, conservative: bool = False) -> Estimate:
    """A seat's mean minus the mean of the other seats.

    For ``net`` this is the seat's ``edge`` row, whose SE comes from each session's own difference (exact). The
    seats of the same deals are correlated (negatively, as the roles are), so for other metrics the SE taken as
    independent can be too small; ``conservative`` then gives the bound that holds whatever the correlations, the
    sum of the seat's SE and the mean of the others' (Cauchy-Schwarz).
    """
    if metric == "net" and ((res.frame["metric"] == "edge") & res.frame["seat"].notna()).any():
        return res.metric("edge", seat=seat)
    players = res.meta["players"]
    first = res.metric(metric, seat=seat)
    others = [res.metric(metric, seat=s) for s in range(players) if s != seat]
    mean, se = gap(first, others)
    if conservative:
        se = first[1] + sum(s for _, s in others) / len(others)
    return mean, se


def at(table: pd.DataFrame, players: int = 4, where: Row | None = None) -> pd.Series:
    """The one row of ``table`` for ``players`` (and ``where``: column -> value), e.g. for a headline."""
    sel = table["players"] == players
    for column, value in (where or {}).items():
        sel &= table[column] == value
    rows = table[sel]
    if len(rows) != 1:
        raise KeyError(f"no single row for players={players} {where}")
    return rows.iloc[0]
