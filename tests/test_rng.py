"""The shared shuffle (sim.rng.shuffle): two positions a loop step, and exactly the draws of one at a time.

Every game's decks come from it, and the golden traces and committed reports rest on those decks, so the pair
form must make the same swaps and leave the stream in the same state as the plain form below (one 32-bit half
per position, high half first), on the fast path and on the rare one where a half needs the rejection test.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim import rng

_U = np.uint64
_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def plain_shuffle(state, cards, length):
    """Fisher-Yates from the top, one 32-bit half a position (the high half of each output first)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    word = _U(0)
    halves = 0
    for i in range(length - 1, 0, -1):
        bound = _U(i + 1)
        while True:
            if halves == 0:
                word, s0, s1, s2, s3 = rng._step(s0, s1, s2, s3)
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
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


def _both(length: int, seed: int, dtype=np.int8):
    a = np.arange(length).astype(dtype)
    b = a.copy()
    sa = np.zeros(4, dtype=np.uint64)
    rng.seed_stream(sa, seed, 3, 0)
    sb = sa.copy()
    rng.shuffle(sa, a, length)
    plain_shuffle(sb, b, length)
    return a, b, sa, sb


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 24, 32, 51, 52, 53, 60])
def test_the_pair_shuffle_makes_the_plain_shuffles_swaps(length):
    for seed in range(300):
        a, b, sa, sb = _both(length, seed)
        assert (a == b).all(), (length, seed)
        assert (sa == sb).all(), (length, seed)  # the stream goes on from the same state


def test_the_rare_rejection_path_keeps_the_same_draws():
    """With bounds near 2**20 a half needs the rejection test about once in 4,000 positions: a shuffle of 2**20
    cards takes the slow path hundreds of times, and still matches the plain form card for card."""
    a, b, sa, sb = _both(1 << 20, 11, dtype=np.int64)
    assert (a == b).all() and (sa == sb).all()
    assert sorted(a.tolist()) == list(range(1 << 20))


def test_reseed_is_four_draws_of_the_source():
    """``rng.reseed`` (Commerce's, Snip-Snap-Snorum's and Speculation's deck streams) writes the next four outputs
    of the source and leaves the source where four ``next_u64`` calls leave it."""
    src = np.zeros(4, dtype=np.uint64)
    rng.seed_stream(src, 5, 9, 2)
    plain = src.copy()
    dst = np.zeros(4, dtype=np.uint64)
    rng.reseed(dst, src)
    assert [int(dst[i]) for i in range(4)] == [int(rng.next_u64(plain)) for _ in range(4)]
    assert (src == plain).all()
