"""Means, standard errors and intervals from per-session sums.

The kernels return integer totals per session; the driver keeps, for every column, the sum over sessions and
the sum of squares. Deals inside a session are not independent (the board carries over), so every standard
error here is computed over sessions, which are.
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054


def session_mean_se(s1: np.ndarray, s2: np.ndarray, sessions: int, per: float) -> tuple[np.ndarray, np.ndarray]:
    """Mean and SE of ``column total / per`` where the totals have sum ``s1`` and sum of squares ``s2``.

    ``per`` is what one session's total is divided by (deals per session for per-deal rates). With fewer
    than two sessions the SE is NaN.
    """
    s1 = np.asarray(s1, dtype=np.float64)
    s2 = np.asarray(s2, dtype=np.float64)
    mean = s1 / sessions
    if sessions < 2:
        return mean / per, np.full_like(mean, np.nan)
    var = np.maximum(s2 - s1 * mean, 0.0) / (sessions - 1)
    return mean / per, np.sqrt(var / sessions) / per


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
