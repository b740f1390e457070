"""Exact chances over the unseen cards: what a card or a trump is worth to a player who sees what all see.

Nobody sees his own cards (p. 77), so every player knows the same things: the trump suit, the best trump shown,
the cards shown (and, under continuous_pack, every card shown since the shuffle), how many cards each hand still
holds unexposed, and the pool. The ``u`` unseen cards lie in ``k`` hidden places (the unexposed cards of every
hand, the spare hand's) and in the stock (``u - k`` cards never dealt), every arrangement equally likely.

If ``h`` unseen trumps are higher than the best shown, the best shown stands when none of them lies in a hidden
place; the places are alike, so each holds the winner with an equal share of the rest:

    P(the best trump shown stands) = C(u-h, k) / C(u, k) = falling(u-k, h) / falling(u, h)
    P(a given hidden place wins)   = (1 - P(stands)) / k

The turn-up before it is turned is any unseen card with chance 1/u; a card with ``m`` unseen cards above it in
its suit stands with chance C(u-1-m, k) / C(u-1, k), and an honour (under the honours rule) takes the pool at
once.

Cards are positions ``suit * 16 + strength`` (strength 0 = two ... 12 = ace) in uint64 masks, so "the unseen
trumps above the best" is a mask and a popcount.
"""

from __future__ import annotations

import numpy as np

from sim._bits import popcount
from sim._jit import kernel
from sim.games.speculation.rules import ACE, FIVE, KNAVE

ONE = np.uint64(1)
ZERO = np.uint64(0)
SUIT_BITS = np.uint64(0x1FFF)


def position_tables() -> tuple[np.ndarray, np.ndarray]:
    """(int8[52] card code -> position, int8[64] position -> card code or -1)."""
    pos = np.zeros(52, dtype=np.int8)
    code = np.full(64, -1, dtype=np.int8)
    for c in range(52):
        suit, rank = divmod(c, 13)
        x = suit * 16 + (rank + 12) % 13
        pos[c] = x
        code[x] = c
    return pos, code


def inverses(size: int = 64) -> np.ndarray:
    """float64[size]: 1/i (0 at i = 0), so the kernels multiply instead of dividing."""
    out = np.zeros(size)
    out[1:] = 1.0 / np.arange(1, size)
    return out


def knaves_and_fives() -> np.uint64:
    return np.uint64(sum(1 << (s * 16 + r) for s in range(4) for r in (KNAVE, FIVE)))


@kernel(inline=True)
def bit(x):
    return ONE << np.uint64(x)


@kernel(inline=True)
def above(x):
    """The positions of the same suit higher than position x."""
    s = np.uint64(x & ~15)
    return (SUIT_BITS << s) & ~((ONE << np.uint64(x + 1)) - ONE)


@kernel(inline=True)
def count(mask):
    return np.int64(popcount(mask))


def stands_table(inv: np.ndarray) -> np.ndarray:
    """float64[64 * 64 * 16]: ``stands(u, k, h, inv)`` at ``stands_at(u, u - k, h)``, for u < 64, h < 16.

    Each entry is the product ``stands`` makes, in its order (each factor (r - i) * inv[u - i] rounded, then the
    running product), so a lookup is the same number as the loop, bit for bit; 0 from the first factor with
    r - i <= 0, as the loop returns. The loop is a chain of dependent multiplies (h of them) on every step of
    play's reckoning; the table is one load."""
    u = np.arange(64)[:, None]
    r = np.arange(64)[None, :]
    tab = np.zeros((64, 64, 16))
    p = np.ones((64, 64))
    alive = np.ones((64, 64), dtype=np.bool_)
    tab[:, :, 0] = 1.0
    for i in range(15):
        alive &= (r - i) > 0
        p = np.where(alive, p * ((r - i) * inv[np.clip(u - i, 0, inv.shape[0] - 1)]), 0.0)
        tab[:, :, i + 1] = p
    return tab.reshape(-1)


@kernel(inline=True)
def stands_at(tab, u, r, h):
    """``stands`` read from ``stands_table``: u unseen cards, r = u - k of them in the stock (0 if fewer), h higher
    trumps; unsigned index, no wrap-round test."""
    r = max(r, 0)
    return tab[(np.uint64(u) << np.uint64(10)) | (np.uint64(r) << np.uint64(4)) | np.uint64(h)]


@kernel
def stands(u, k, h, inv):
    """P(none of the h higher trumps among the u unseen cards lies in the k hidden places)."""
    r = u - k
    p = 1.0
    for i in range(h):
        if r - i <= 0:
            return 0.0
        p *= (r - i) * inv[u - i]
    return p


@kernel
def place_share(u, k, h, inv):
    """P(one given hidden place holds the winning trump): u unseen cards, k >= 1 hidden places, h higher
    trumps. The places are alike, so each has an equal share of the chance that the best shown is beaten."""
    return (1.0 - stands(u, k, h, inv)) * inv[k]


@kernel
def turnup_wins(unseen, k, lowest_honour, inv):
    """P(the trump card, turned from the ``unseen`` cards, wins): at once if its strength is ``lowest_honour``
    or more, else if no higher card of its suit lies in the ``k`` hidden places."""
    u = count(unseen)
    if u == 0:
        return 0.0
    r = u - 1 - k
    total = 0.0
    for s in range(4):
        f = 1.0  # P(the m unseen cards above this one, in its suit, all lie in the stock)
        m = 0
        for st in range(ACE, -1, -1):
            x = s * 16 + st
            if (unseen >> np.uint64(x)) & ONE == ZERO:
                continue
            total += 1.0 if st >= lowest_honour else f
            if r - m <= 0:
                f = 0.0
            else:
                f *= (r - m) * inv[u - 1 - m]
            m += 1
    return total * inv[u]
