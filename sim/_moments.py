"""The sums a run keeps of a chunk's session rows, by one kernel (see ``sim.runner.edge_sums``)."""

from __future__ import annotations

from numba import njit

_BIG = 2**40  # a chunk holding a value past this is left to the exact path (sim.runner.edge_sums)


@njit(cache=True)
def edge_moments(a, b, paired, players, col_role, col_seat, seats, s1, s2):
    """Add to ``s1`` and ``s2`` the column sums and sums of squares of ``with_edges(a - b, players)`` (of ``a`` when
    not ``paired``); False, with nothing to rely on in them, when int64 might not hold every sum exactly.

    First the largest |a - b|, m (refused past _BIG, so nothing before the test can wrap); every edge is at most
    2 * players * m, so k rows' sums and sums of squares fit when (2 * players * m)**2 * k < 2**62. Two passes:
    one that sums as it finds m, refusing at the end, measured 1.25 times slower (its loop no longer vectorised).
    """
    k, w = a.shape
    m = 0
    for i in range(k):
        for j in range(w):
            x = a[i, j]
            y = b[i, j] if paired else 0
            if x > _BIG or x < -_BIG or y > _BIG or y < -_BIG:
                return False
            m = max(m, abs(x - y))
    bound = 2.0 * players * m
    if bound * bound * k >= 2.0**61:  # a float's rounding is far inside the factor of 2 kept below 2**62
        return False
    for i in range(k):
        for j in range(w):
            x = a[i, j] - (b[i, j] if paired else 0)
            s1[j] += x
            s2[j] += x * x
        for blk in range(2):
            col = col_role if blk == 0 else col_seat
            total = 0
            for p in range(players):
                total += a[i, col + p] - (b[i, col + p] if paired else 0)
            for p in range(players):
                e = players * (a[i, col + p] - (b[i, col + p] if paired else 0)) - total
                s1[w + blk * seats + p] += e
                s2[w + blk * seats + p] += e * e
    return True
