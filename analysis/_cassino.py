"""What the Cassino claim scripts share: per-deal rates from runs whose driver deal is a whole game.

A Cassino run plays games to the target; a game's events are sums over its deals. A rate per deal is then a
ratio of two sums over sessions (say nobody_scores / deals), and sessions are independent, so its standard
error is the delta method's over sessions. ``play`` runs arms on the same sessions (common random numbers:
game k of a session deals the same cards in every arm for as long as both last) and keeps, per arm, the sums
and cross-products of the few per-session columns asked for; ``ratio`` and ``ratio_diff`` read them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from _common import HEADLINE_WIDTH, Z95

from sim import runner
from sim.games._common import COL_EVENTS, COL_NET_SEAT, COL_WIN_SEAT

CHUNK = 4096  # sessions per chunk


def column(spec, name: str) -> int | list[int]:
    """The row column of an event, or ``net:s`` / ``win:s`` for seat s."""
    if name.startswith("net:"):
        return COL_NET_SEAT + int(name[4:])
    if name.startswith("win:"):
        return COL_WIN_SEAT + int(name[4:])
    return COL_EVENTS + spec.module.EVENTS.index(name)


@dataclass
class Moments:
    """Sums over sessions of a vector of per-session totals and of its outer products."""

    names: list[str]
    sessions: int = 0
    s1: np.ndarray | None = None
    s2: np.ndarray | None = None

    def add(self, x: np.ndarray) -> None:
        x = x.astype(np.float64)
        if self.s1 is None:
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


def play(specs: list, names: list[str], n: int, width: float | None = None, watch=None) -> Moments:
    """Play the arms on the same sessions until ``n`` games per arm; with ``width`` stop earlier at the first
    chunk where ``watch(moments)`` (a 95% half-width) is below it. Columns are ``arm:name`` per arm."""
    sessions = max(2, math.ceil(n / specs[0].deals_per_session))
    out = Moments([f"{a}:{name}" for a in range(len(specs)) for name in names])
    first = 0
    while first < sessions:
        count = min(CHUNK, sessions - first)
        parts = []
        for spec in specs:
            rows = runner.play_chunk(spec, first, count)
            parts += [_values(spec, rows, name) for name in names]
        out.add(np.stack(parts, axis=1))
        first += count
        if width is not None and watch is not None and out.sessions > 1 and watch(out) < width:
            break
    return out


def _values(spec, rows: np.ndarray, name: str) -> np.ndarray:
    """A per-session column: an event, a seat's net or win, or a sum/difference of them ``a+b-c``."""
    total = np.zeros(rows.shape[0], dtype=np.int64)
    sign = 1
    token = ""
    for ch in name + "+":
        if ch in "+-" and token:
            total += sign * rows[:, column(spec, token)]
            sign, token = (1 if ch == "+" else -1), ""
        elif ch in "+-":
            sign = 1 if ch == "+" else -1
        else:
            token += ch
    return total


def ratio(m: Moments, num: str, den: str) -> tuple[float, float]:
    """(sum num / sum den, its delta-method SE) over sessions."""
    i, j = m.index(num), m.index(den)
    mu, c = m.mean(), m.cov()
    r = mu[i] / mu[j]
    var = (c[i, i] - 2 * r * c[i, j] + r * r * c[j, j]) / mu[j] ** 2
    return float(r), float(math.sqrt(max(var, 0.0) / m.sessions))


def ratio_diff(m: Moments, a: tuple[str, str], b: tuple[str, str]) -> tuple[float, float]:
    """(ratio a - ratio b, the paired delta-method SE) for two ratios read from the same sessions."""
    ia, ja, ib, jb = (m.index(x) for x in (*a, *b))
    mu, c = m.mean(), m.cov()
    ra, rb = mu[ia] / mu[ja], mu[ib] / mu[jb]
    g = np.zeros(len(mu))  # gradient of ra - rb in the session means
    g[ia] += 1 / mu[ja]
    g[ja] += -ra / mu[ja]
    g[ib] += -1 / mu[jb]
    g[jb] += rb / mu[jb]
    var = float(g @ c @ g)
    return float(ra - rb), math.sqrt(max(var, 0.0) / m.sessions)


def width_for(n: int) -> float | None:
    """Full-size runs stop once the watched 95% half-width is below the reports' headline width."""
    return HEADLINE_WIDTH if n >= 1_000_000 else None


def half_width(se: float) -> float:
    return Z95 * se


def per_game(m: Moments, name: str, games_per_session: int) -> tuple[float, float]:
    """(mean per game, SE) of a column."""
    i = m.index(name)
    return float(m.mean()[i] / games_per_session), math.sqrt(m.cov()[i, i] / m.sessions) / games_per_session
