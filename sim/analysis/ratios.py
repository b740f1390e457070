"""Per-deal rates from runs whose driver deal is a whole game (Cassino, Snip-Snap-Snorum).

When one driver deal is a game, a game's events are sums over its deals, and a rate per deal is a ratio of two
sums over sessions (say ``nobody_scores / deals``). Sessions are independent, so the ratio's standard error is
the delta method's over sessions. ``sessions`` plays arms on the same sessions (common random numbers) through
``sim.runner`` and keeps, per arm, the sums and cross-products of the few per-session columns asked for; ``ratio``,
``ratio_diff``, ``per_game`` and ``per_game_diff`` read them.

A column is an event's name, ``net:S`` or ``win:S`` for seat S, or a sum and difference of those
(``net:0-net:1``); ``A:column`` is arm A's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sim import runner
from sim.analysis.measure import Estimate, Study, ci_width_for
from sim.games._common import COL_EVENTS, COL_NET_SEAT, COL_WIN_SEAT
from sim.stats import Z95

CHUNK = 4096  # sessions per chunk


@dataclass
class Moments:
    """Sums over sessions of a vector of per-session totals, and of its outer products."""

    names: list[str]
    games_per_session: int = 1
    sessions: int = 0
    s1: np.ndarray = field(default_factory=lambda: np.zeros(0))
    s2: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))

    def add(self, x: np.ndarray) -> None:
        x = x.astype(np.float64)
        if self.sessions == 0:
            self.s1 = np.zeros(x.shape[1])
            self.s2 = np.zeros((x.shape[1], x.shape[1]))
        self.s1 += x.sum(axis=0)
        self.s2 += x.T @ x
        self.sessions += x.shape[0]

    def mean(self) -> np.ndarray:
        return self.s1 / self.sessions

    def cov(self) -> np.ndarray:
        n = self.sessions
        m = self.mean()
        return (self.s2 - n * np.outer(m, m)) / max(n - 1, 1)

    def index(self, name: str) -> int:
        return self.names.index(name)

    def total(self, name: str) -> int:
        return int(round(self.s1[self.index(name)]))

    @property
    def games(self) -> int:
        return self.sessions * self.games_per_session


def sessions(
    study: Study,
    specs: Sequence[runner.RunSpec],
    names: Sequence[str],
    watch: Callable[[Moments], float] | None = None,
) -> Moments:
    """Play the arms on the same sessions, ``study.n`` games each; a full-size study stops earlier, at the first
    chunk where ``watch(moments)`` (a 95% half-width) is below the reports' headline width."""
    per = specs[0].deals_per_session
    if any(s.deals_per_session != per for s in specs):
        raise ValueError("arms compared on the same sessions must have sessions of the same length")
    total = max(2, math.ceil(study.n / per))
    width = ci_width_for(study.n)
    out = Moments([f"{a}:{name}" for a in range(len(specs)) for name in names], per)
    first = 0
    while first < total:
        count = min(CHUNK, total - first)
        parts = []
        for spec in specs:
            rows = runner.play_chunk(spec, first, count)
            parts += [column(spec, rows, name) for name in names]
        out.add(np.stack(parts, axis=1))
        first += count
        if width is not None and watch is not None and out.sessions > 1 and watch(out) < width:
            break
    study._note(out.games, [s.rules_string for s in specs])
    return out


def column(spec: runner.RunSpec, rows: np.ndarray, name: str) -> np.ndarray:
    """A per-session column of the result rows: an event, ``net:S``, ``win:S``, or ``a+b-c`` of them."""
    total = np.zeros(rows.shape[0], dtype=np.int64)
    for sign, token in _terms(name):
        total += sign * rows[:, _index(spec, token)]
    return total


def _terms(name: str) -> list[tuple[int, str]]:
    out, sign, token = [], 1, ""
    for ch in name + "+":
        if ch in "+-":
            if token:
                out.append((sign, token))
            sign, token = (1 if ch == "+" else -1), ""
        else:
            token += ch
    return out


def _index(spec: runner.RunSpec, token: str) -> int:
    if token.startswith("net:"):
        return COL_NET_SEAT + int(token[4:])
    if token.startswith("win:"):
        return COL_WIN_SEAT + int(token[4:])
    return COL_EVENTS + spec.module.EVENTS.index(token)


def ratio(m: Moments, num: str, den: str) -> Estimate:
    """(sum of num / sum of den, its delta-method SE) over sessions."""
    i, j = m.index(num), m.index(den)
    mu, c = m.mean(), m.cov()
    r = mu[i] / mu[j]
    var = (c[i, i] - 2 * r * c[i, j] + r * r * c[j, j]) / mu[j] ** 2
    return float(r), math.sqrt(max(float(var), 0.0) / m.sessions)


def ratio_diff(m: Moments, a: tuple[str, str], b: tuple[str, str]) -> Estimate:
    """(ratio a minus ratio b, the paired delta-method SE) of two ratios read from the same sessions."""
    ia, ja, ib, jb = (m.index(x) for x in (*a, *b))
    mu, c = m.mean(), m.cov()
    ra, rb = mu[ia] / mu[ja], mu[ib] / mu[jb]
    g = np.zeros(len(mu))  # the gradient of ra - rb in the session means
    g[ia] += 1 / mu[ja]
    g[ja] -= ra / mu[ja]
    g[ib] -= 1 / mu[jb]
    g[jb] += rb / mu[jb]
    return float(ra - rb), math.sqrt(max(float(g @ c @ g), 0.0) / m.sessions)


def per_game(m: Moments, name: str) -> Estimate:
    """(mean per game, SE) of a column."""
    i = m.index(name)
    return float(m.mean()[i] / m.games_per_session), math.sqrt(m.cov()[i, i] / m.sessions) / m.games_per_session


def per_game_diff(m: Moments, a: str, b: str) -> Estimate:
    """(mean per game of column a minus column b, paired SE)."""
    i, j = m.index(a), m.index(b)
    c = m.cov()
    diff = (m.mean()[i] - m.mean()[j]) / m.games_per_session
    return float(diff), math.sqrt(max(c[i, i] + c[j, j] - 2 * c[i, j], 0.0) / m.sessions) / m.games_per_session


def half_width(estimate: Estimate) -> float:
    """The 95% half-width of an estimate (what ``watch`` returns)."""
    return Z95 * estimate[1]
