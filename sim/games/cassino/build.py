"""Building and calling, the rule ``builds`` (not in Peel; Cassell's Book of Indoor Amusements, 1881).

A player may lay a numeric card from his hand on loose table cards so that together they add up to the value V
(2 to 10) of another card he keeps in his hand; the cards lie as one *build* of V, which only a card of value V
takes. A card of value V laid on loose cards adding up to V, or on a build of V, *calls* V (a multiple build);
a set adding up to V added to a build of V is the same move. Builds are kept by value: only a card of value V
takes a build of V and it takes every build of V, so two builds of V (by different players) are one unit,
remembering every player who built on it (``owners``, a bit per seat). Courts are never built; a build is never
part of a sum for a higher card, and a build is never raised to another value (increasing builds is not
played).

    builds  uint64[VALUES]  the cards lying in builds of each value     owners  int64[VALUES]  who built them
    masks[BUILT]            every table card lying in a build           loose = masks[TABLE] & ~masks[BUILT]

A player who has built keeps a card of the build's value while his build lies (he may not play his last such
card but to take it), so he can always take it, and capturing being compulsory he may not trail. The set a card
is laid on is, among the loose sets adding up to the total, the one with the most cards, then the most of what
scores (as a capture chooses, sim.games.cassino.capture); past that the first found by a knapsack over the
loose cards in card order. Nothing here allocates: the scratch is the workspace's.
"""

from __future__ import annotations

import numpy as np

from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games.cassino.capture import CARDS_WEIGHT, LOW5, held_twice, rank_set
from sim.games.cassino.rules import BELOW, WORTH, E

BUILT = 3  # masks[BUILT]
TABLE = 0
VALUE_SHIFT = 6  # a build as one play code: card + (value << VALUE_SHIFT)
VALUES = 11  # builds are kept by value, 2 to 10 (index = value)

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_TEN = np.uint64(10)
_THIRTEEN = np.uint64(13)
_RANKS = np.uint64(0x1FFF)
_NUMERIC = np.uint64(0x3FF)  # the ranks ace to ten


@kernel(inline=True)
def built_ranks(ws):
    """The ranks (bit value - 1) of the builds on the table: the cards of those ranks take them."""
    out = _ZERO
    if ws.masks[BUILT] == _ZERO:
        return out
    for v in range(2, 11):
        if ws.builds[v] != _ZERO:
            out |= _ONE << np.uint64(v - 1)
    return out


@kernel(inline=True)
def builds_of(ws, c):
    """The build cards card ``c`` takes: every build of its value (none for a court, or without builds)."""
    return value_builds(ws.masks[BUILT], ws.builds, c)


# per card, the index in ``builds`` of the builds it takes: its value, or 0 for a court (no build is ever kept at
# 0, so a court's look-up takes none): a load instead of a branch on the rank, which goes either way
BUILDS_AT = np.array([c % 13 + 1 if c % 13 < 10 else 0 for c in range(52)], dtype=np.uint64)  # (unsigned: see knapsack)


@kernel(inline=True)
def value_builds(built, builds, c):
    """``builds_of`` from the cards lying in builds (``masks[BUILT]``) and the builds by value. (Without builds
    ``built`` is the constant 0 and the look-up is compiled away.)"""
    if built == _ZERO:
        return _ZERO
    return builds[BUILDS_AT[c]]


@kernel(inline=True)
def own_ranks(ws, p):
    """The ranks (bit value - 1) of the builds seat p has built on and that still lie."""
    out = _ZERO
    if ws.masks[BUILT] == _ZERO:
        return out
    for v in range(2, 11):
        if (ws.owners[v] >> p) & 1:
            out |= _ONE << np.uint64(v - 1)
    return out


@kernel
def taken_builds(ws, p, take):
    """A capture by seat p took ``take`` (with build cards in it): the builds among it leave the table, counted in
    the events with whether p had built on them (a capture takes at most one value's builds)."""
    for v in range(2, 11):
        if ws.builds[v] != _ZERO and ws.builds[v] & take == ws.builds[v]:
            ws.ev[E.builds_taken] += 1
            if (ws.owners[v] >> p) & 1 == 0:
                ws.ev[E.builds_taken_by_others] += 1
            ws.masks[BUILT] &= ~ws.builds[v]
            ws.builds[v] = _ZERO
            ws.owners[v] = 0


@kernel
def clear(ws):
    ws.masks[BUILT] = _ZERO
    for v in range(ws.builds.shape[0]):
        ws.builds[v] = _ZERO
        ws.owners[v] = 0


@kernel
def loose_groups(ws, loose):
    """``ws.group[t]``: the set of loose numeric table cards adding up to t (1 to 10) with the most cards, then
    the most worth; 0 when none does (see ``knapsack``)."""
    knapsack(ws.group, ws.gkey, loose, _TEN)


@kernel(inline=True)
def knapsack(group, gkey, loose, top):
    """``group[t]``, ``gkey[t]`` for ``loose_groups``, for the totals t up to ``top`` (uint64, at most 10): a 0/1
    knapsack over the loose cards by total (``gkey[t]``: the best key, cards * 64 + worth, or -1 when no set
    makes t): each card once, the totals run downwards so a card joins only sets made without it. A total is
    made only of lower ones, so those up to ``top`` come out the same however high the knapsack runs; the
    totals above it are cleared, not made (every total is cleared: a constant count of stores, where a loop up to
    ``top`` branched on it). Some ``top`` steps per loose card, whatever the table. The totals are indexed
    unsigned: a signed index costs a test for a negative one at every load (numba's wraparound)."""
    for t in range(VALUES):
        group[t] = _ZERO
        gkey[t] = -1
    gkey[0] = 0
    made = _ONE  # the totals some set of the cards passed makes (bit t): those whose gkey is not -1
    upto = (_ONE << (top + _ONE)) - _ONE
    x = loose & BELOW[top]
    while x != _ZERO:
        c = ctz(x)
        x &= x - _ONE
        v = c % _THIRTEEN + _ONE
        w = CARDS_WEIGHT + WORTH[c]
        r = made & (upto >> v)  # the totals lo the card joins (lo + v at most top), from the highest down
        made |= (made << v) & upto
        while r != _ZERO:
            lo = bit_length(r) - _ONE
            r ^= _ONE << lo
            t = lo + v
            if gkey[lo] + w > gkey[t]:
                gkey[t] = gkey[lo] + w
                group[t] = group[lo] | (_ONE << c)


@kernel(inline=True)
def loose_totals(loose, top):
    """The totals up to ``top`` (bit t) that some set of the loose cards adds up to: those for which ``knapsack``
    finds a set (bit 0, the empty set, always)."""
    made = _ONE
    x = loose & BELOW[top]
    while x != _ZERO:
        c = ctz(x)
        x &= x - _ONE
        made |= made << (c % _THIRTEEN + _ONE)
    return made


def _totals_of_ranks(present: int) -> int:
    """``loose_totals`` (bits 0 to 10) of loose cards one of each rank in ``present`` (bit r: rank r, ace to ten)."""
    made = 1
    for r in range(10):
        if present >> r & 1:
            made = (made | (made << (r + 1))) & 0x7FF
    return made


# TOTALS_OF[ranks]: the totals up to ten that loose numeric cards of distinct ranks (bits 0..9) make, looked up
# in one load. It serves every table without two loose cards of one rank from ace to five, as SUMS_OF does
# (sim.games.cassino.capture): a second card of six or more adds only totals above ten.
TOTALS_OF = np.array([_totals_of_ranks(m) for m in range(1 << 10)], dtype=np.uint16)
_TOTALS = np.uint64(0x7FF)  # totals 0 to 10


@kernel(inline=True)
def totals_to_ten(loose):
    """``loose_totals(loose, 10)`` for the totals 0 to 10 (bits above cleared): looked up from the loose numeric
    ranks unless two loose cards share a rank from ace to five."""
    if held_twice(loose, LOW5) == _ZERO:
        return np.uint64(TOTALS_OF[rank_set(loose & BELOW[10])])
    return loose_totals(loose, _TEN) & _TOTALS


@kernel(inline=True)
def legal_values(keep, cv, made, built):
    """The values v (bit v - 1) a card of value ``cv`` (uint64) may build or call, its player keeping after it
    the ranks ``keep``: each value above cv he keeps whose difference from cv the loose cards make (``made``,
    bit t for a total t), and cv itself when he keeps a second card of it and the loose cards make cv or a build
    of cv lies (``built``: bit v - 1 for each value with a build). Exactly the builds ``build_options`` lists
    for the card."""
    above = keep & _NUMERIC & ~((_ONE << cv) - _ONE)
    call = keep & (_ONE << (cv - _ONE)) & ((made >> _ONE) | built) & ~_ONE
    return (above & (made << (cv - _ONE))) | call


def _differences(ranks: int) -> int:
    """The differences b - a (bit b - a) of two ranks a < b in ``ranks``."""
    out = 0
    for a in range(10):
        if ranks >> a & 1:
            out |= (ranks >> a) & ~1
    return out


# DIFFERENCES[ranks]: the differences of two numeric ranks of a hand (bits 0..9): a card of value a builds b on
# loose cards adding up to b - a, so a hand none of whose differences the loose cards make builds nothing but calls
DIFFERENCES = np.array([_differences(m) for m in range(1 << 10)], dtype=np.uint16)


@kernel(inline=True)
def build_count(hand, mine, made, built):
    """How many builds a seat holding ``hand`` may make (``legal_values`` of each numeric card he may lay: he
    keeps a card of every rank ``mine`` of his builds that lie), and the totals (bit t) they are laid on. Most
    hands can make none, told at once: the loose cards make no difference of two of its values, and it holds
    no value twice that the loose cards make or a build lies for (as no hand of fewer than two numeric cards does).
    The two tests are one branch, not two (``&``, not ``and``): each goes either way, play by play."""
    numeric = hand & BELOW[10]
    pairs = held_twice(numeric, _RANKS)  # the values held twice or more (bit v - 1)
    n = np.int64(0)
    totals = _ZERO
    no_build = (DIFFERENCES[rank_set(numeric)] & made) == 0
    no_call = (pairs & ((made >> _ONE) | built) & ~_ONE) == _ZERO
    if no_build & no_call:
        return n, totals
    x = numeric
    while x != _ZERO:
        q = ctz(x)
        x &= x - _ONE
        keep = rank_set(hand & ~(_ONE << q))
        if keep & mine == mine:
            cv = q % _THIRTEEN + _ONE
            vals = legal_values(keep, cv, made, built)
            n += np.int64(popcount(vals))
            call = vals & (_ONE << (cv - _ONE))
            totals |= (vals ^ call) >> (cv - _ONE)  # a build of v on v - cv
            if call != _ZERO:  # a call of cv on cv
                totals |= _ONE << cv
    return n, totals


@kernel(inline=True)
def bit_length(x):
    """The highest set bit's index plus one (Python's ``int.bit_length``) of x below 2**16, 0 for 0: the bits
    below it filled in, counted."""
    x |= x >> _ONE
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    return popcount(x)


@kernel(inline=True)
def group_for(ws, c, v):
    """The loose cards card ``c`` is laid on to build (or call) ``v`` (``loose_groups`` done): the best set adding
    up to v less the card's value; a card of value v calls v on the best loose set adding up to v, or on the
    build of v alone. Returns (cards, legal)."""
    cv = c % 13 + 1
    if cv < v:
        g = ws.group[v - cv]
        return g, g != _ZERO
    g = ws.group[v]
    return g, g != _ZERO or ws.builds[v] != _ZERO


@kernel
def build_options(ws, p, loose, k):
    """Append to the turn's plays (``ws.opt_*`` from index k) every build seat p may make; returns the new count.

    For each numeric card c of his hand and each value v of another card he keeps (v at least c's value): c laid
    on the loose set ``group_for`` gives, legal when he still keeps, after playing c, a card of v and one of the
    value of every build he has on the table."""
    hand = ws.hand[p]
    numeric = hand & BELOW[10]
    if popcount(numeric) < 2:
        return k
    loose_groups(ws, loose)
    mine = own_ranks(ws, p)
    x = numeric
    while x != _ZERO:
        c = np.int64(ctz(x))
        x &= x - _ONE
        keep = rank_set(hand & ~(_ONE << np.uint64(c)))
        if keep & mine != mine:
            continue
        vals = keep & rank_set(BELOW[10]) & ~((_ONE << np.uint64(c % 13)) - _ONE)
        while vals != _ZERO:
            v = np.int64(ctz(vals)) + 1
            vals &= vals - _ONE
            if v < 2:
                continue
            g, ok = group_for(ws, c, v)
            if ok:
                ws.opt_card[k] = c
                ws.opt_take[k] = g
                ws.opt_value[k] = v
                k += 1
    return k


@kernel(inline=True)
def play_build(ws, p, c, v, group):
    """Seat p lays card c on the loose cards ``group``: they join the build of v (made if none lies)."""
    b = _ONE << np.uint64(c)
    ws.masks[TABLE] |= b
    ws.masks[BUILT] |= b | group
    ws.builds[v] |= b | group
    ws.owners[v] |= np.int64(1) << p
    ws.ev[E.builds_made] += 1
