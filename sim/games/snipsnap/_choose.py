"""What a player chooses, by what he can know: his own hand, and the cards seen on the table.

Cards are codes ``suit * 13 + rank`` (sim.cards) and a set of cards is a uint64 mask over the codes, so the
cards of rank r are ``RANK << r`` (one bit in each suit) and a question such as "do I hold that rank" is one AND.

``seen`` is public: every card played or turned up since the pack was last gathered. A player does not know
the cards of the others, the undealt pack, or an eliminated player's cards put face down on it.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim._bits import ctz, popcount
from sim._jit import kernel
from sim.games.snipsnap._book import BOOK, BOOK_NO_PAIRS, CARELESS, RANDOM

RANK = np.uint64(1 | (1 << 13) | (1 << 26) | (1 << 39))  # the four aces; ``RANK << r`` the four of rank r
_LANE = np.uint64(0x1FFF)  # one suit's 13 ranks
_ONE = np.uint64(1)


@kernel(inline=True)
def bit(c):
    return _ONE << np.uint64(c)


@kernel(inline=True)
def of_rank(r):
    return RANK << np.uint64(r)


@kernel(inline=True)
def rank(c):
    """The rank of card c (c >= 0): an unsigned remainder, which needs no correction for a negative code."""
    return np.int64(np.uint64(c) % np.uint64(13))


@kernel(inline=True)
def ranks_held(h):
    """The ranks of the cards in ``h`` as a 13-bit mask (the four suits' lanes OR-ed together)."""
    return (h | (h >> np.uint64(13)) | (h >> np.uint64(26)) | (h >> np.uint64(39))) & _LANE


@kernel(inline=True)
def at_least(x):
    """For each rank, whether ``x`` holds at least 1, 2, 3 and 4 of it (four 13-bit masks, bit-sliced counts)."""
    a = x & _LANE
    b = (x >> np.uint64(13)) & _LANE
    c = (x >> np.uint64(26)) & _LANE
    d = (x >> np.uint64(39)) & _LANE
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    return a | b | c | d, two, three, a & b & c & d


@kernel(inline=True)
def pair_ranks(h):
    """The ranks of which ``h`` holds two or more."""
    return at_least(h)[1]


@kernel
def lowest(h):
    """The lowest card of mask ``h`` (ace low; the lowest suit among equals)."""
    return np.int64(ctz(h & of_rank(ctz(ranks_held(h)))))


@kernel
def nth(h, k):
    """The k-th card (from 0) of mask ``h`` in code order."""
    for _ in range(k):
        h &= h - _ONE
    return np.int64(ctz(h))


@kernel(inline=True)
def fewest(ranks, x):
    """The lowest of the ranks in ``ranks`` of which ``x`` holds the fewest cards.

    The ranks holding none, fewer than two, three, four: each set holds the one before, so the first that meets
    ``ranks`` is found by selects from the last back, with no branch per level (those branches were mispredicted
    on most free cards: perf, the book's choice a fifth of a game's time).
    """
    one, two, three, four = at_least(x)
    pick = ranks
    pick = ranks & ~four if ranks & ~four != 0 else pick
    pick = ranks & ~three if ranks & ~three != 0 else pick
    pick = ranks & ~two if ranks & ~two != 0 else pick
    pick = ranks & ~one if ranks & ~one != 0 else pick
    return ctz(pick)


@kernel(inline=True)
def safest(h, seen, pairs, own):
    """The book's free card (p. 93): the rank of ``h`` with the fewest cards unseen by its holder, so the least
    likely to be in the next player's hand; ties to the lowest rank, the lowest suit within it.

    ``pairs``: only ranks of which two or more are held count (the two-of-a-kind advice: "should always play
    one of them"). ``own``: the holder's own duplicates count as seen (they are); without the advice he judges by
    the table alone. The chance that the next player holds one of m unseen cards of a rank, among U unseen cards
    of which he has k, is 1 - C(U - m, k) / C(U, k): it grows with m, so the fewest unseen is the safest.
    """
    ranks = pair_ranks(h) if pairs else ranks_held(h)
    unseen = ~(h | seen) if own else ~seen
    return np.int64(ctz(h & of_rank(fewest(ranks, unseen))))


@kernel(merged=True)
def free_card(policy, h, seen, state):
    """The card a player of ``policy`` plays when he has no card to pair with."""
    if policy == RANDOM:
        return nth(h, rng.bounded(state, np.int64(popcount(h))))
    if policy == BOOK:
        return safest(h, seen, pair_ranks(h) != 0, True)
    if policy == CARELESS:
        return lowest(h)
    if policy == BOOK_NO_PAIRS:
        return safest(h, seen, False, False)
    return lowest(h)


@kernel
def misses(policy, param, allowed, h, same, state):
    """Whether a careless player fails to pair (he holds ``same`` of the rank and other cards too)."""
    if policy != CARELESS or not allowed or (h & ~same) == 0:
        return False
    if param != param:  # no parameter: he always misses
        return True
    return rng.bounded(state, 1 << 30) < param * (1 << 30)
