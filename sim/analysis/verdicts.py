"""Verdicts against the 99% confidence interval, and how a number is shown with it.

Every helper refuses a quantity with no spread (``NotMeasured``): a verdict must rest on something a run could
have made come out otherwise, such as a paired difference, never on a constant of the rules or the pack.
Thresholds: "an advantage" = the interval excludes 0; "fair / the same chances" = it lies inside ±0.05 per deal;
"rare / little" = it lies below 5%. Judgements of taste are answered with the numbers and the verdict `measured`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Z99 = 2.5758293035489004
VERDICTS = ("supported", "refuted", "inconclusive", "measured", "depends on play")  # the last: sim.analysis.plays


class NotMeasured(ValueError):
    """A verdict asked of a quantity no run could make come out otherwise: a constant (no spread, SE 0), or a
    number that is not a number. A claim's test must be able to fail, so the helpers refuse it."""


def _measured(mean: float, se: float) -> None:
    if not (math.isfinite(mean) and math.isfinite(se)):
        raise NotMeasured(f"not a measured quantity: {mean} ± {se}")
    if se <= 0:
        raise NotMeasured(f"{mean} has no spread (SE {se}): a constant of the rules or the pack, not a measurement")


def ci99(mean: float, se: float) -> tuple[float, float]:
    return mean - Z99 * se, mean + Z99 * se


def verdict_positive(mean: float, se: float) -> str:
    """ "An advantage": the 99% CI excludes 0 on the claimed side (refuted if it excludes 0 on the other)."""
    _measured(mean, se)
    lo, hi = ci99(mean, se)
    if lo > 0:
        return "supported"
    if hi < 0:
        return "refuted"
    return "inconclusive"


def verdict_within(mean: float, se: float, band: float = 0.05) -> str:
    """ "Fair / the same chances": the 99% CI lies inside ±band (refuted when it lies wholly outside)."""
    _measured(mean, se)
    lo, hi = ci99(mean, se)
    if -band < lo and hi < band:
        return "supported"
    if lo > band or hi < -band:
        return "refuted"
    return "inconclusive"


def verdict_below(rate: float, se: float, limit: float = 0.05) -> str:
    """ "Rare / little / so few": the 99% CI lies below the limit (refuted when wholly above)."""
    _measured(rate, se)
    lo, hi = ci99(rate, se)
    if hi < limit:
        return "supported"
    if lo > limit:
        return "refuted"
    return "inconclusive"


def combine(verdicts: Iterable[str]) -> str:
    """One verdict from several rows: all supported -> supported; any refuted -> refuted; else inconclusive."""
    got = list(verdicts)
    if got and all(v == "supported" for v in got):
        return "supported"
    if any(v == "refuted" for v in got):
        return "refuted"
    return "inconclusive"


def pm(mean: float, se: float, digits: int = 3) -> str:
    """``+0.523 ± 0.031`` with the 99% half-width."""
    return f"{mean:+.{digits}f} ± {Z99 * se:.{digits}f}"
