"""The honest floor for ``sim bench``: the fastest known way to shuffle and deal a pack, nothing else.

Each deal is seeded afresh from (seed, deal) through splitmix64 into a xoroshiro128+ state held in two local
variables (no array traffic per draw). The Fisher-Yates shuffle runs from the top of the pack down, and a position
is settled as soon as it is swapped, so its card is dealt there and then, round the table by a counter: one pass,
no division. Positions are drawn two at a time from each 32-bit half of a 64-bit output, by the batched form of
Lemire's multiply-and-reject (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024):
the half times the first bound gives the first position in its high bits, the low bits times the second bound the
second, and a draw is rejected only by the test on the product of the two bounds, so both are exactly unbiased.
A game that deals only part of the pack (Commerce's three cards each) is measured against drawing only that many:
the shuffle stopped after ``drawn`` steps, which gives ``drawn`` uniformly chosen cards in random order. No game
can deal faster than this, so a game's rate divided by it says how much of the work is the game itself.

Measured on the development machine, one thread, 52 cards to four hands: one position per 32-bit half, dealt as
it settles, 8.6-9.7 million deals a second; two per half, 10.3-11.3 million; the floor before both, which
shuffled first and then dealt card j to hand ``j % players`` (a division per card), 5.7-6.2 million, slower than
some games' own shuffle-and-deal.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_U = np.uint64
_MASK32 = np.uint64(0xFFFFFFFF)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_TWO32 = np.uint64(0x100000000)


@njit(inline="always")
def _rotl(x, k):
    return (x << _U(k)) | (x >> _U(64 - k))


@njit(inline="always")
def _splitmix(x):
    z = x + _GOLDEN
    z = (z ^ (z >> _U(30))) * _U(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> _U(27))) * _U(0x94D049BB133111EB)
    return z ^ (z >> _U(31))


@njit(inline="always")
def _half(s0, s1, word, halves):
    """The next unused 32-bit half of the stream: (half, s0, s1, word, halves left in word)."""
    if halves == 0:
        word = s0 + s1  # xoroshiro128+
        t = s1 ^ s0
        s0 = _rotl(s0, 24) ^ t ^ (t << _U(16))
        s1 = _rotl(t, 37)
        return word >> _U(32), s0, s1, word, 1
    return word & _MASK32, s0, s1, word, 0


@njit(inline="always")
def _below(bound, s0, s1, word, halves):
    """An unbiased position in [0, bound) from one 32-bit half: (position, s0, s1, word, halves)."""
    while True:
        r, s0, s1, word, halves = _half(s0, s1, word, halves)
        m = r * bound
        low = m & _MASK32
        if low >= bound or low >= (_TWO32 - bound) % bound:
            return np.int64(m >> _U(32)), s0, s1, word, halves


@njit(inline="always")
def _two_below(b1, b2, s0, s1, word, halves):
    """Unbiased positions in [0, b1) and [0, b2) from one 32-bit half (batched; b1 * b2 below 2**32):
    (first, second, s0, s1, word, halves)."""
    product = b1 * b2
    while True:
        r, s0, s1, word, halves = _half(s0, s1, word, halves)
        m = r * b1
        first = m >> _U(32)
        m = (m & _MASK32) * b2
        low = m & _MASK32
        if low >= product or low >= (_TWO32 - product) % product:
            return np.int64(first), np.int64(m >> _U(32)), s0, s1, word, halves


@njit(inline="always")
def _settle(cards, i, j, hands, p, players):
    """Fisher-Yates step i with position j: card j settles at i, dealt to hand p; returns the next hand."""
    c = cards[j]
    cards[j] = cards[i]
    hands[p] |= _U(1) << _U(c)
    p += 1
    return 0 if p == players else p


@njit(cache=True)
def shuffle_and_deal(seed, n_deals, pack_size, drawn, players, cards, hands):
    """Draw ``drawn`` cards of a shuffled ``pack_size``-card pack (at most 64) and deal them to ``players`` hands,
    ``n_deals`` times; a checksum. ``hands`` holds the last deal's hands."""
    last = max(pack_size - drawn, 1)  # the whole pack needs pack_size - 1 steps: the last card has no choice
    acc = 0
    for d in range(n_deals):
        s0 = _splitmix(_U(seed) ^ (_U(d) * _GOLDEN))
        s1 = _splitmix(s0)
        for j in range(pack_size):
            cards[j] = j
        for p in range(players):
            hands[p] = _U(0)
        word = _U(0)
        halves = 0
        p = 0
        i = pack_size - 1
        while i > last:  # steps i and i - 1 from one half
            j, k, s0, s1, word, halves = _two_below(_U(i + 1), _U(i), s0, s1, word, halves)
            p = _settle(cards, i, j, hands, p, players)
            p = _settle(cards, i - 1, k, hands, p, players)
            i -= 2
        if i == last:
            j, s0, s1, word, halves = _below(_U(i + 1), s0, s1, word, halves)
            p = _settle(cards, i, j, hands, p, players)
        if drawn == pack_size:  # the last card, which needed no draw
            hands[p] |= _U(1) << _U(cards[0])
        acc += np.int64(hands[0] & _U(1))
    return acc


@njit(cache=True)
def two_below(b1, b2, n, out):
    """``n`` batched draws of (position below b1, position below b2) into ``out`` (int64[n, 2]), for the tests."""
    s0 = _splitmix(_U(7))
    s1 = _splitmix(s0)
    word = _U(0)
    halves = 0
    for i in range(n):
        out[i, 0], out[i, 1], s0, s1, word, halves = _two_below(_U(b1), _U(b2), s0, s1, word, halves)
