"""What a played card captures (p. 98): every table card of its rank and every set that adds up to its value.

A knave, queen or king takes the table cards of its rank. A numeric card of value v takes every table card of
value v, and sets of lower cards that each add up to v, as many as the table allows without using a card twice.
When the lower cards can be grouped into sums of v in more than one way (a ten on 9, A, 6, 3 is 9+A or 6+3+A),
the capture is the grouping that takes the most cards; among those with as many cards, the one taking most of
what scores (Great Cassino, Little Cassino, aces, spades); past that the first found.

Only the table's cards below v can form sums, and the table is small: a card is trailed only when no card of the
trailing hand captures, so no two trailed cards on the table share a rank, and the table holds at most the four
cards dealt to it plus one card of each rank: at most 14 numeric cards, so a bitmask over them has < 2**14
values. Most sums are looked up (``UNION_OF``); the search (``combine``) lists the subsets adding up to v by
extending the sets below v card by card, then, when the subsets overlap, packs them: a few groups by weighing
every set of disjoint groups, more by a dynamic programme over the subsets of their union (``f[sub]`` = best
capture inside ``sub``), the two choosing alike. All scratch space is in the workspace: nothing is allocated.
"""

from __future__ import annotations

import numpy as np

from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games.cassino.rules import BELOW, RANK_MASK, WORTH

MAX_LOW = 14  # numeric table cards below the played card's value the kernel can hold (see above)
SCRATCH = 1 << MAX_LOW
CARDS_WEIGHT = 64  # a capture's key is cards * 64 + worth; every table's worth is below 64
DIRECT = 8  # packings of up to this many overlapping groups are weighed set by set (``_pack_direct``)

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SUM_CAP = 11  # running sums above 10 are all "too much"
_SUMS = np.uint64(0x7FF)  # bits 0..10 of a set of sums
_RANKS = np.uint64(0x1FFF)
# combine's codes[i]: the card (bits 0..7), its value (8..15) and its weight in a capture's key (16 on), worked
# out once per card rather than once per subset
_CODE = 0xFF
_VALUE_AT = 8
_WEIGHT_AT = 16


@kernel(inline=True)
def rank_set(cards):
    """The ranks present among ``cards`` (bit r of 13)."""
    return (cards | (cards >> np.uint64(13)) | (cards >> np.uint64(26)) | (cards >> np.uint64(39))) & _RANKS


@kernel(inline=True)
def held_twice(cards, ranks):
    """The ranks among ``ranks`` (a 13-bit lane mask) of which ``cards`` hold two or more (bit r)."""
    a = cards & ranks
    b = (cards >> np.uint64(13)) & ranks
    c = (cards >> np.uint64(26)) & ranks
    d = (cards >> np.uint64(39)) & ranks
    return (a & b) | ((a | b) & (c | d)) | (c & d)


@kernel(inline=True)
def of_ranks(ranks):
    """Every card of the ranks in ``ranks`` (13 bits)."""
    return ranks | (ranks << np.uint64(13)) | (ranks << np.uint64(26)) | (ranks << np.uint64(39))


def _sums_of_ranks(present: int) -> int:
    """``sums_below`` of a table holding one card of each rank in ``present`` (bit r: rank r, ace to ten)."""
    made = 1  # the subset sums of the cards passed (bit 0: the empty set)
    out = 0
    for r in range(10):
        v = r + 1
        out |= made & (1 << v)  # made holds the sums of the cards worth less than v
        if present >> r & 1:
            made = (made | (made << v)) & 0x7FF
    return out


# SUMS_OF[ranks]: sums_below of a table of numeric cards of distinct ranks (bits 0..9), looked up in one load.
# It serves every table without two cards of one rank from ace to five: a second card of a value of six or
# more adds only sums above ten (a sum using one of two such cards is made with the other as well), and a third
# or fourth card of a rank needs a second one.
SUMS_OF = np.array([_sums_of_ranks(m) for m in range(1 << 10)], dtype=np.uint16)
LOW5 = np.uint64(0x1F)  # the ranks ace to five (of one suit's 13 bits)

# per card, looked up rather than worked out from c % 13 once a card is tried: the cards of its rank, and bit
# value (rank + 1) of a set of sums (bits 11 to 13 for the courts, which no sum sets)
RANK_OF_CARD = np.array([RANK_MASK[c % 13] for c in range(52)], dtype=np.uint64)
SUM_BIT = np.array([1 << (c % 13 + 1) for c in range(52)], dtype=np.uint64)


@kernel(inline=True)
def sums_below(table):
    """The values v (bit v, 2 to 10) that table cards each worth less than v add up to: exactly the cards that
    capture by a sum. Computed once a turn, it tells which cards capture at all without trying them (see
    ``capturing``), and a sum is searched only when one exists.

    Looked up from the numeric ranks on the table when no two of its numeric cards share a rank (the common
    case); otherwise the ranks are taken in increasing order with the running subset sums ``made`` of the cards
    of the ranks passed: for every value v up to the next rank's, the cards worth less than v are those passed.
    """
    present = rank_set(table & BELOW[10])
    if held_twice(table, LOW5) == _ZERO:  # no two cards of one rank ace to five
        return np.uint64(SUMS_OF[present])
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


def _union_of(v: int, ranks: int) -> int:
    """The ranks (bit r: value r + 1) of the sets of ``ranks`` adding up to v, all of them, when no two such sets
    share a rank; ``OVERLAP`` when two do (the captures ``combine`` chooses among)."""
    union = 0
    sub = ranks
    while True:  # every subset of ranks (the empty one last)
        if sub and sum(r + 1 for r in range(10) if sub >> r & 1) == v:
            if union & sub:
                return OVERLAP
            union |= sub
        if sub == 0:
            return union
        sub = (sub - 1) & ranks


# UNION_OF[(1 << (v - 1)) | ranks]: what ``combine`` takes for the value v from lower cards one of each rank in
# ``ranks`` (bits 0 .. v - 2), looked up in one load: the sets adding up to v, when no two of them share a card
# (then every one is taken). Two sets sharing a card (7 on 4, 3, 2, A: 4+3 and 4+2+A), or two lower cards of one
# rank, are left to ``combine``. The index is below 1 << 10 (v at most 10).
OVERLAP = 0xFFFF
UNION_OF = np.array(
    [_union_of(v, i - (1 << (v - 1))) if i else 0 for i in range(1 << 10) for v in [i.bit_length()]],
    dtype=np.uint16,
)
_OVERLAP = np.uint64(OVERLAP)


@kernel(inline=True)
def takes(cap, table, c, sums):
    """The cards of ``table`` (uint64 mask) that card ``c`` takes; 0 when it takes nothing.

    ``sums`` is ``sums_below(table)``: a sum of lower cards is looked for only when the lower cards make the
    card's value (never for a court card: bits above 10 are never set). ``cap`` is the workspace's scratch:
    (sums int8, groups int32, weights int32, best int32, choice int32, codes int64[MAX_LOW]), each of the first
    five of length SCRATCH.
    """
    take = table & RANK_OF_CARD[c]
    if sums & SUM_BIT[c]:
        r = c % 13
        low = table & BELOW[r]
        ranks = rank_set(low)
        if popcount(low) == popcount(ranks):  # one card of each rank (measured: most sums), looked up
            u = np.uint64(UNION_OF[(_ONE << np.uint64(r)) | ranks])
            if u != _OVERLAP:
                return take | (low & of_ranks(u))
        take |= combine(cap, low, r + 1)
    return take


@kernel
def capture(cap, table, c):
    """``takes`` without a precomputed ``sums_below`` (one card against a table)."""
    return takes(cap, table, c, sums_below(table))


@kernel
def combine(cap, low, v):
    """The cards of ``low`` (each below v) taken as sums of v: the most cards (see the module's docstring).
    Called, not inlined: ``takes`` looks most sums up, and only the rest come here (about one play in a hundred:
    two lower cards of one rank, or sets sharing a card)."""
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
        value = b % 13 + 1
        codes[m] = b | (value << _VALUE_AT) | ((CARDS_WEIGHT + WORTH[b]) << _WEIGHT_AT)
        m += 1
        total += value
        made = (made | (made << value)) & 0x7FF
    if (made >> v) & 1 == 0:
        return _ZERO
    if total == v:  # the lower cards add up to v all together: no part of them does, so they are the one group
        return low
    g = _groups(best, sums, groups, codes, m, v)
    union = 0
    overlap = False
    for i in range(g):
        if union & groups[i]:
            overlap = True
        union |= groups[i]
    if not overlap:
        took = union
    elif g <= DIRECT:
        took = _pack_direct(groups, weights, best, choice, codes, g)
    else:
        took = _pack(groups, weights, best, choice, codes, g, union)
    out = _ZERO
    for i in range(m):
        if (took >> i) & 1:
            out |= _ONE << np.uint64(codes[i] & _CODE)
    return out


@kernel(inline=True)
def _groups(masks, totals, groups, codes, m, v):
    """List the subsets (local masks over ``codes[:m]``) whose values add up to v, in increasing order of mask;
    returns how many. Their weights are left to the packing: only groups that overlap are weighed.

    The sets adding up to less than v are kept in a list (``masks``, ``totals``), extended by each card in turn:
    a card i joins every set listed before it, and a set reaching v is a group. The list stays in increasing
    order of mask (the sets made with card i all come above those without it, in the order of the sets they
    extend), so the groups come out in increasing order too, as going through every subset in order found them;
    but only the sets below v are visited, not all 2**m subsets."""
    masks[0] = 0
    totals[0] = 0
    n = 1
    g = 0
    for i in range(m):
        value = (codes[i] >> _VALUE_AT) & _CODE
        card = 1 << i
        for j in range(n):
            s = totals[j] + value
            if s < v:
                masks[n] = masks[j] | card
                totals[n] = s
                n += 1
            elif s == v:
                groups[g] = masks[j] | card
                g += 1
    return g


@kernel(inline=True)
def _weigh(groups, weights, codes, g):
    """Each group's key (``weights[i]``): its cards' weights (codes[j] >> _WEIGHT_AT) summed."""
    for i in range(g):
        w = 0
        y = groups[i]
        while y:
            j = ctz(np.uint64(y))
            y &= y - 1
            w += codes[j] >> _WEIGHT_AT
        weights[i] = w


@kernel(inline=True)
def _pack_direct(groups, weights, cover, total, codes, g):
    """``_pack``'s choice for a few groups (at most DIRECT), every set of disjoint groups weighed in turn rather
    than every subset of their cards: returns the cards taken (a local mask).

    ``_pack`` takes the most weight, and among packings of equal weight, going up the cards from the lowest, the
    one that at the first card where they part leaves it out, else covers it with the earlier group (it tries
    those choices in that order and keeps the first best). That is the packing with the least ``_order``. A set
    ``sel`` of groups (bit i: group i) is built from the set without its lowest group: ``cover[sel]`` its cards
    (-1 when two of its groups share one), ``total[sel]`` its weight. Measured on the fallbacks of real play
    (mostly two or three groups): half the time of ``_pack``."""
    _weigh(groups, weights, codes, g)
    cover[0] = 0
    total[0] = 0
    best = 0
    top = -1
    for sel in range(1, 1 << g):
        i = ctz(np.uint64(sel))
        rest = sel & (sel - 1)
        c = cover[rest]
        grp = groups[i]
        if c < 0 or c & grp:
            cover[sel] = -1
            continue
        cover[sel] = c | grp
        w = total[rest] + weights[i]
        total[sel] = w
        if w > top or (w == top and _order(groups, sel) < _order(groups, best)):
            top = w
            best = sel
    return cover[best]


@kernel(inline=True)
def _order(groups, sel):
    """How ``_pack`` ranks a packing ``sel`` among those of equal weight (the least is kept): for each card in
    turn from the lowest, 0 where no group of it starts, i + 1 where group i does, as digits of 4 bits."""
    d = 0
    while sel:
        i = ctz(np.uint64(sel))
        sel &= sel - 1
        d += (np.int64(i) + 1) << (4 * (MAX_LOW - 1 - np.int64(ctz(np.uint64(groups[i])))))
    return d


@kernel
def _pack(groups, weights, best, choice, codes, g, union):
    """The best set of disjoint groups inside ``union``: ``best[sub]`` is the best key using cards of ``sub``.

    A submask either leaves its lowest card out or takes it in one group; submasks are visited in increasing
    order, so every smaller one is done. Returns the cards taken (a local mask). Kept for more than DIRECT
    groups (one fallback in thousands); ``_pack_direct`` makes the same choice among fewer.
    """
    _weigh(groups, weights, codes, g)
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
