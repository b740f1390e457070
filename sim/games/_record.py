"""The one kernel every game calls after a deal: add the deal's counters to its session's result row."""

from __future__ import annotations

from sim._jit import kernel
from sim.games._common import COL_EVENTS, COL_NET_ROLE, COL_NET_SEAT, COL_WIN_ROLE, COL_WIN_SEAT


@kernel
def record_deal(row, net, ev, n, dealer, winner):
    """Add one deal to ``row`` (layout in sim.games._common): nets by seat and by role, the win, the events."""
    for s in range(n):
        row[COL_NET_SEAT + s] += net[s]
        row[COL_NET_ROLE + (s - dealer + n) % n] += net[s]
    row[COL_WIN_SEAT + winner] += 1
    row[COL_WIN_ROLE + (winner - dealer + n) % n] += 1
    for e in range(ev.shape[0]):
        row[COL_EVENTS + e] += ev[e]
