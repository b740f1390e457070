"""What a played card captures (p. 98): every table card of its rank and every set that adds up to its value.

A knave, queen or king takes the table cards of its rank. A numeric card of value v takes every table card of
value v, and sets of lower cards that each add up to v, as many as the table allows without using a card twice.
When the lower cards can be grouped into sums of v in more than one way (a ten on 9, A, 6, 3 is 9+A or 6+3+A),
the capture is the grouping that takes the most cards; among those with as many cards, the one taking most of
what scores (Great Cassino, Little Cassino, aces, spades); past that the first found.

Only the table's cards below v can form sums, and the table is small: a card is trailed only when no card of the
trailing hand captures, so no two trailed cards on the table share a rank, and the table holds at most the four
cards dealt to it plus one card of each rank: at most 14 numeric cards, so a bitmask over them has < 2**14
values. The kernel lists the subsets adding up to v by their running sums, then, when the subsets overlap, packs
them by a dynamic programme over the subsets of their union (``f[sub]`` = best capture inside ``sub``). All
scratch space is in the workspace: nothing is allocated.
"""

from __future__ import annotations

import numpy as np

from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games.cassino.rules import BELOW, RANK_MASK, WORTH

MAX_LOW = 14  # numeric table cards below the played card's value the kernel can hold (see above)
SCRATCH = 1 << MAX_LOW
CARDS_WEIGHT = 64  # a capture's key is cards * 64 + worth; every table's worth is below 64

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SUM_CAP = 11  # running sums above 10 are all "too much"
_SUMS = np.uint64(0x7FF)  # bits 0..10 of a set of sums
_RANKS = np.uint64(0x1FFF)


@kernel(inline=True)
def rank_set(cards):
    """The ranks present among ``cards`` (bit r of 13)."""
    return (cards | (cards >> np.uint64(13)) | (cards >> np.uint64(26)) | (cards >> np.uint64(39))) & _RANKS


@kernel(inline=True)
def of_ranks(ranks):
    """Every card of the ranks in ``ranks`` (13 bits)."""
    return ranks | (ranks << np.uint64(13)) | (ranks << np.uint64(26)) | (ranks << np.uint64(39))


@kernel(inline=True)
def sums_below(table):
    """The values v (bit v, 2 to 10) that table cards each worth less than v add up to: exactly the cards that
    capture by a sum. Computed once a turn (a pass over the numeric ranks on the table), it tells which cards
    capture at all without trying them (see ``capturing``), and a sum is searched only when one exists.

    The ranks are taken in increasing order with the running subset sums ``made`` of the cards of the ranks
    passed; for every value v up to the next rank's, the cards worth less than v are exactly those passed.
    """
    present = rank_set(table & BELOW[10])
    made = _ONE
    out = _ZERO
    lo = np.uint64(0)
    while present != _ZERO:
        q = ctz(present)
        present &= present - _ONE
        v = q + _ONE
        out |= made & ((_ONE << (v + _ONE)) - (_ONE << (lo + _ONE)))
        lo = v
        for _ in range(popcount(table & RANK_MASK[q])):
            made = (made | (made << v)) & _SUMS
    out |= made & (_SUMS + _ONE - (_ONE << (lo + _ONE)))
    return out


@kernel(inline=True)
def capturing(hand, table, sums):
    """The cards of ``hand`` that capture something from ``table`` (``sums`` is ``sums_below(table)``): every
    card of a rank on the table (a pair), and every card whose value the lower table cards add up to."""
    return hand & of_ranks(rank_set(table) | (sums >> _ONE))


@kernel(inline=True)
def takes(cap, table, c, sums):
    """The cards of ``table`` (uint64 mask) that card ``c`` takes; 0 when it takes nothing.

    ``sums`` is ``sums_below(table)``: a sum of lower cards is looked for only when the lower cards make the
    card's value (never for a court card: bits above 10 are never set). ``cap`` is the workspace's scratch:
    (sums int8, groups int32, weights int32, best int32, choice int32, codes int64[MAX_LOW]), each of the first
    five of length SCRATCH.
    """
    r = c % 13
    take = table & RANK_MASK[r]
    if (sums >> np.uint64(r + 1)) & _ONE:
        take |= combine(cap, table & BELOW[r], r + 1)
    return take


@kernel
def capture(cap, table, c):
    """``takes`` without a precomputed ``sums_below`` (one card against a table)."""
    return takes(cap, table, c, sums_below(table))


@kernel(inline=True)
def combine(cap, low, v):
    """The cards of ``low`` (each below v) taken as sums of v: the most cards (see the module's docstring)."""
    sums, groups, weights, best, choice, codes = cap
    made = 1
    m = 0
    total = 0
    x = low
    while x != _ZERO:
        b = np.int64(ctz(x))
        x &= x - _ONE
        if m >= MAX_LOW:
            raise ValueError("cassino: more numeric cards on the table than the capture kernel holds")
        codes[m] = b
        m += 1
        total += b % 13 + 1
        made = (made | (made << (b % 13 + 1))) & 0x7FF
    if (made >> v) & 1 == 0:
        return _ZERO
    if total == v:  # the lower cards add up to v all together: no part of them does, so they are the one group
        return low
    g = _groups(sums, groups, weights, codes, m, v)
    union = 0
    overlap = False
    for i in range(g):
        if union & groups[i]:
            overlap = True
        union |= groups[i]
    took = _pack(groups, weights, best, choice, g, union) if overlap else union
    out = _ZERO
    for i in range(m):
        if (took >> i) & 1:
            out |= _ONE << np.uint64(codes[i])
    return out


@kernel(inline=True)
def _groups(sums, groups, weights, codes, m, v):
    """List the subsets (local masks over ``codes[:m]``) whose values add up to v; returns how many."""
    sums[0] = 0
    g = 0
    for mask in range(1, 1 << m):
        i = ctz(np.uint64(mask))
        s = sums[mask & (mask - 1)] + codes[i] % 13 + 1
        if s > _SUM_CAP:
            s = _SUM_CAP
        sums[mask] = s
        if s == v:
            w = 0
            y = mask
            while y:
                j = ctz(np.uint64(y))
                y &= y - 1
                w += CARDS_WEIGHT + WORTH[codes[j]]
            groups[g] = mask
            weights[g] = w
            g += 1
    return g


@kernel
def _pack(groups, weights, best, choice, g, union):
    """The best set of disjoint groups inside ``union``: ``best[sub]`` is the best key using cards of ``sub``.

    A submask either leaves its lowest card out or takes it in one group; submasks are visited in increasing
    order, so every smaller one is done. Returns the cards taken (a local mask).
    """
    best[0] = 0
    choice[0] = 0
    sub = (0 - union) & union
    while sub != 0:
        lowbit = sub & -sub
        top = best[sub ^ lowbit]
        pick = 0
        for i in range(g):
            grp = groups[i]
            if grp & lowbit and (grp & ~sub) == 0:
                cand = weights[i] + best[sub ^ grp]
                if cand > top:
                    top = cand
                    pick = grp
        best[sub] = top
        choice[sub] = pick
        sub = (sub - union) & union
    took = 0
    sub = union
    while sub != 0:
        pick = choice[sub]
        if pick == 0:
            sub ^= sub & -sub
        else:
            took |= pick
            sub ^= pick
    return took


def new_scratch():
    """Scratch arrays for ``capture`` (Python side; the workspace makes its own inside numba)."""
    return (
        np.zeros(SCRATCH, dtype=np.int8),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(SCRATCH, dtype=np.int32),
        np.zeros(MAX_LOW, dtype=np.int64),
    )


def taken(table: int, card: int, scratch=None) -> int:
    """``capture`` from Python (tests): the mask of table cards ``card`` takes."""
    return int(capture(scratch or new_scratch(), np.uint64(table), np.int64(card)))
