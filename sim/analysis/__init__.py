"""The toolkit of the claim scripts in ``analysis/``: everything a script shares, so that it is its quote, its
measurement and its verdict.

A claim script (``analysis/<id>.py``) defines ``CLAIM`` (the one record of the claim: id, game, page, the book's
exact words, what is measured), ``answer(n, seed) -> Answer``, and ends with ``main(CLAIM, answer)``. ``sim claims``
finds every script in that folder and builds the index from their records, so adding a claim edits nothing else.
A script runs the simulator through ``Study`` (``sim.runner`` underneath, never numba), so its numbers come from
the same code as ``sim run`` and ``sim compare``.
"""

from __future__ import annotations

from sim.analysis.charts import errorbar, players_chart
from sim.analysis.measure import FULL_N, PLAYERS, Study, at, ci_width_for, gain, gap, role_gap, seat_gap
from sim.analysis.plays import across, agree
from sim.analysis.record import Answer, Chart, Claim
from sim.analysis.report import main, write
from sim.analysis.verdicts import Z99, ci99, combine, pm, verdict_below, verdict_positive, verdict_within

__all__ = [
    "FULL_N",
    "PLAYERS",
    "Z99",
    "across",
    "agree",
    "Answer",
    "Chart",
    "Claim",
    "Study",
    "at",
    "ci99",
    "ci_width_for",
    "combine",
    "errorbar",
    "gain",
    "gap",
    "main",
    "pm",
    "players_chart",
    "role_gap",
    "seat_gap",
    "verdict_below",
    "verdict_positive",
    "verdict_within",
    "write",
]
