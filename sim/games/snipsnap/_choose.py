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
_ONE = np.uint64(1)


@kernel(inline=True)
def bit(c):
    return _ONE << np.uint64(c)


@kernel(inline=True)
def of_rank(r):
    return RANK << np.uint64(r)


@kernel(inline=True)
def rank(c):
    return c % 13


@kernel
def lowest(h):
    """The lowest card of mask ``h`` (ace low; the lowest suit among equals)."""
    for r in range(13):
        mine = h & of_rank(r)
        if mine != 0:
            return np.int64(ctz(mine))
    return np.int64(-1)


@kernel
def nth(h, k):
    """The k-th card (from 0) of mask ``h`` in code order."""
    for _ in range(k):
        h &= h - _ONE
    return np.int64(ctz(h))


@kernel
def holds_pair(h):
    """Whether ``h`` holds two or more cards of some rank."""
    for r in range(13):
        if popcount(h & of_rank(r)) >= 2:
            return True
    return False


@kernel
def safest(h, seen, pairs, own):
    """The book's free card (p. 93): the rank of ``h`` with the fewest cards unseen by its holder, so the least
    likely to be in the next player's hand; ties to the lowest rank, the lowest suit within it.

    ``pairs``: only ranks of which two or more are held count (the two-of-a-kind advice: "should always play
    one of them"). ``own``: the holder's own duplicates count as seen (they are); without the advice he judges by
    the table alone. The chance that the next player holds one of m unseen cards of a rank, among U unseen cards
    of which he has k, is 1 - C(U - m, k) / C(U, k): it grows with m, so the fewest unseen is the safest.
    """
    best = np.int64(-1)
    best_key = np.int64(1 << 20)
    for r in range(13):
        mine = h & of_rank(r)
        if mine == 0:
            continue
        held = np.int64(popcount(mine))
        if pairs and held < 2:
            continue
        unseen = 4 - np.int64(popcount(seen & of_rank(r))) - (held if own else 1)
        key = unseen * 16 + r
        if key < best_key:
            best_key = key
            best = np.int64(ctz(mine))
    return best


@kernel
def free_card(policy, h, seen, state):
    """The card a player of ``policy`` plays when he has no card to pair with."""
    if policy == RANDOM:
        return nth(h, rng.bounded(state, np.int64(popcount(h))))
    if policy == BOOK:
        return safest(h, seen, holds_pair(h), True)
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
