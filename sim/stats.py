"""Means, standard errors and intervals from per-session sums.

The kernels return integer totals per session; the driver keeps, for every column, the sum over sessions and
the sum of squares. Deals inside a session are not independent (the board carries over), so every standard
error here is computed over sessions, which are.
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


# Chunk sums are taken in int64 only when they provably fit: |x| <= m over k rows gives |sum| <= k*m and
# sum of squares <= k*m*m. Otherwise the chunk is summed in Python integers (slow, and only reached with
# enormous stakes). Either way the running sums are Python integers, which cannot overflow.
_INT64_SAFE = 2**62


class Sums:
    """Exact per-column sums (and sums of squares) over the sessions of a run so far.

    ``s1`` and ``s2`` are object arrays of Python integers: a session's total may be as large as int64 allows,
    and its square far larger; neither is ever rounded, wrapped or clamped.
    """

    def __init__(self, width: int, sessions: int = 0, s1: list[int] | None = None, s2: list[int] | None = None):
        self.width = width
        self.sessions = sessions
        self.s1 = _exact(s1 if s1 is not None else [0] * width)
        self.s2 = _exact(s2 if s2 is not None else [0] * width)
        if self.s1.shape[0] != width or self.s2.shape[0] != width:
            raise ValueError(f"sums have {self.s1.shape[0]} columns; this game has {width}")

    def add(self, rows: np.ndarray) -> None:
        """Add a chunk of session rows (int64[k, width])."""
        k = rows.shape[0]
        if k == 0:
            return
        big = int(np.max(np.abs(rows.astype(np.float64))))  # float: abs of int64's minimum would wrap
        if big * big * k < _INT64_SAFE and big * k < _INT64_SAFE:
            s1 = rows.sum(axis=0)
            s2 = (rows * rows).sum(axis=0)
        else:
            exact = rows.astype(object)
            s1 = exact.sum(axis=0)
            s2 = (exact * exact).sum(axis=0)
        self.s1 = self.s1 + _exact(s1)
        self.s2 = self.s2 + _exact(s2)
        self.sessions += k

    def merge(self, other: Sums) -> None:
        """Add another chunk's sums (exact: the order chunks are merged in cannot change anything)."""
        self.s1 = self.s1 + other.s1
        self.s2 = self.s2 + other.s2
        self.sessions += other.sessions


def _exact(values) -> np.ndarray:
    out = np.empty(len(values), dtype=object)
    out[:] = [int(v) for v in values]
    return out


def session_mean_se(s1, s2, sessions: int, per: float) -> tuple[np.ndarray, np.ndarray]:
    """Mean and SE of ``column total / per`` where the totals have sum ``s1`` and sum of squares ``s2``.

    ``per`` is what one session's total is divided by (deals per session for per-deal rates). With fewer
    than two sessions the SE is NaN. The variance is computed exactly in integers (n * s2 - s1**2 >= 0 for
    any data); a negative one means the sums are corrupt, and is an error, never clamped to zero.
    """
    mean = np.array([int(a) / sessions / per for a in s1], dtype=np.float64)
    if sessions < 2:
        return mean, np.full_like(mean, np.nan)
    se = np.empty_like(mean)
    for j, (a, b) in enumerate(zip(s1, s2)):
        spread = sessions * int(b) - int(a) * int(a)
        if spread < 0:
            raise ArithmeticError("sums of squares smaller than the square of the sums: the sums are corrupt")
        se[j] = math.sqrt(spread / (sessions * (sessions - 1)) / sessions) / per
    return mean, se


def ci95(mean: float, se: float) -> tuple[float, float]:
    return (mean - Z95 * se, mean + Z95 * se)


def half_width(se: float, level: float = 0.95) -> float:
    z = Z95 if level == 0.95 else _z(level)
    return z * se


def _z(level: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: int, trials: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion of independent trials."""
    if trials == 0:
        return (math.nan, math.nan)
    z = Z95 if level == 0.95 else _z(level)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (centre - spread, centre + spread)
