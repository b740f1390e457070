"""The honest floor for ``sim bench``: the fastest known way to shuffle and deal a pack, nothing else.

Each deal is seeded afresh from (seed, deal) through splitmix64 into a xoroshiro128+ state held in two local
variables (no array traffic per draw); each 64-bit output gives two 32-bit halves, each mapped to a position by
Lemire's multiply-and-reject; the cards drawn are dealt round-robin into uint64 hand masks. A game that deals only
part of the pack (Commerce's three cards each) is measured against drawing only that many: a Fisher-Yates stopped
after ``drawn`` steps, which gives ``drawn`` uniformly chosen cards in random order. No game can deal faster than
this, so a game's rate divided by it says how much of the work is the game itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_U = np.uint64
_MASK32 = np.uint64(0xFFFFFFFF)


@njit(inline="always")
def _rotl(x, k):
    return (x << _U(k)) | (x >> _U(64 - k))


@njit(inline="always")
def _splitmix(x):
    z = x + _U(0x9E3779B97F4A7C15)
    z = (z ^ (z >> _U(30))) * _U(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> _U(27))) * _U(0x94D049BB133111EB)
    return z ^ (z >> _U(31))


@njit(cache=True)
def shuffle_and_deal(seed, n_deals, pack_size, drawn, players, cards, hands):
    """Draw ``drawn`` cards of a shuffled ``pack_size``-card pack and deal them to ``players`` hands, ``n_deals``
    times; a checksum. ``hands`` holds the last deal's hands."""
    last = max(pack_size - drawn, 1)  # the whole pack needs pack_size - 1 steps: the last card has no choice
    acc = 0
    for d in range(n_deals):
        s0 = _splitmix(_U(seed) ^ (_U(d) * _U(0x9E3779B97F4A7C15)))
        s1 = _splitmix(s0)
        for j in range(pack_size):
            cards[j] = j
        word = _U(0)
        halves = 0
        for i in range(pack_size - 1, last - 1, -1):
            bound = _U(i + 1)
            while True:
                if halves == 0:
                    word = s0 + s1
                    t = s1 ^ s0
                    s0 = _rotl(s0, 24) ^ t ^ (t << _U(16))
                    s1 = _rotl(t, 37)
                    r = word >> _U(32)
                    halves = 1
                else:
                    r = word & _MASK32
                    halves = 0
                m = r * bound
                low = m & _MASK32
                if low >= bound or low >= (_U(0x100000000) - bound) % bound:
                    break
            j = np.int64(m >> _U(32))
            tmp = cards[i]
            cards[i] = cards[j]
            cards[j] = tmp
        for p in range(players):
            hands[p] = _U(0)
        for j in range(drawn):
            hands[j % players] |= _U(1) << _U(cards[pack_size - 1 - j])
        acc += np.int64(hands[0] & _U(1))
    return acc
