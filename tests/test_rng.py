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


# -- deck streams (Commerce's and Speculation's lazily shuffled packs) ------------------------------------------

_M64 = (1 << 64) - 1


def _rotl64(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


def _splitmix64(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def reference_deck(word: int, size: int, upto: int) -> list[int]:
    """The deck stream written out from its description, in Python integers: xoroshiro128++ seeded by splitmix64,
    each 32-bit half (high first) giving two Fisher-Yates positions by the batched multiply-and-reject."""
    s0 = _splitmix64(word)
    s1 = _splitmix64(s0)
    halves: list[int] = []

    def half() -> int:
        nonlocal s0, s1
        if not halves:
            out = (_rotl64((s0 + s1) & _M64, 17) + s0) & _M64
            t = s1 ^ s0
            s0 = _rotl64(s0, 49) ^ t ^ ((t << 21) & _M64)
            s1 = _rotl64(t, 28)
            halves.extend([out & 0xFFFFFFFF, out >> 32])
        return halves.pop()

    cards = list(range(size))
    k = 0
    while k < upto and k + 1 < size:
        b1, b2 = size - k, size - k - 1
        while True:
            m = half() * b1
            first, m = m >> 32, (m & 0xFFFFFFFF) * b2
            if (m & 0xFFFFFFFF) >= (2**32 - b1 * b2) % (b1 * b2):
                break
        for step, j in ((k, first), (k + 1, m >> 32)):
            cards[step], cards[step + j] = cards[step + j], cards[step]
        k += 2
    return cards


@njit(cache=True)
def _deal_in_pieces(word, size, pieces, cards):
    """Seed a deck stream from ``word`` and settle ``cards`` up to each of ``pieces`` in turn; the steps taken."""
    state = np.zeros(4, dtype=np.uint64)
    rng.seed_deck(state, np.uint64(word))
    i = 0
    for upto in pieces:
        if i < upto:
            i = rng.deal_forward(state, cards, i, upto, size)
    return i


@pytest.mark.parametrize("size", [1, 2, 3, 12, 32, 51, 52])
def test_a_deck_stream_deals_as_its_description_says(size):
    for word in range(40):
        cards = np.arange(size, dtype=np.int8)
        assert _deal_in_pieces(word * 0x1234567 + 3, size, np.array([size]), cards) == size
        assert cards.tolist() == reference_deck(word * 0x1234567 + 3, size, size), (size, word)


def test_no_seed_gives_a_stream_its_all_zero_state():
    """splitmix64 is 0 at one input only (minus the golden gamma), so a zero word is followed by a non-zero one:
    the deck stream seeded to s0 = 0 has s1 = splitmix64(0), and deals; a session stream's four words cannot all
    be 0. (Both seeders rely on this instead of a guard.)"""
    word = (1 << 64) - 0x9E3779B97F4A7C15
    assert _splitmix64(word) == 0
    state = np.zeros(4, dtype=np.uint64)
    rng.seed_deck(state, np.uint64(word))
    assert int(state[0]) == 0 and int(state[1]) == _splitmix64(0) != 0
    cards = np.arange(52, dtype=np.int8)
    assert _deal_in_pieces(word, 52, np.array([52]), cards) == 52
    assert cards.tolist() == reference_deck(word, 52, 52)
    assert _splitmix64(1) != 0  # seed_stream: a zero word's successor is splitmix64(its counter), counter >= 1


def test_a_deck_settles_the_same_however_its_dealing_is_split():
    """The lazy shuffle settles steps in pairs, so dealing 12 cards, then buying one at a time from the stock,
    leaves the deck a whole settle leaves: a trace (which settles whole) shows the deck a run plays."""
    gen = np.random.default_rng(5)
    for word in range(300):
        whole = np.arange(52, dtype=np.int8)
        _deal_in_pieces(word, 52, np.array([52]), whole)
        cuts = np.sort(gen.integers(1, 53, size=int(gen.integers(1, 8))))
        pieces = np.append(cuts, 52)
        split = np.arange(52, dtype=np.int8)
        first = np.arange(52, dtype=np.int8)
        got = _deal_in_pieces(word, 52, pieces[:1], first)
        assert got >= pieces[0] and got <= pieces[0] + 1 and got % 2 == 0  # settled to the pair that holds upto
        _deal_in_pieces(word, 52, pieces, split)
        assert (split == whole).all(), (word, pieces)
        assert (first[: pieces[0]] == whole[: pieces[0]]).all()


def test_a_deck_stream_deals_every_card_to_every_place_equally_often():
    """The first twelve places of a 52-card deck (a four-handed Commerce deal) over 20,800 decks: chi-square of
    card by place over 52 x 12 cells, and the whole deck always a permutation."""
    counts = np.zeros((12, 52))
    decks = 20_800
    for word in range(decks):
        cards = np.arange(52, dtype=np.int8)
        _deal_in_pieces(word, 52, np.array([12]), cards)
        assert sorted(cards.tolist()) == list(range(52))
        counts[np.arange(12), cards[:12]] += 1
    expected = decks / 52
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    dof = 12 * 51
    assert chi2 < dof + 5 * np.sqrt(2 * dof), chi2


@njit(cache=True)
def _pairs(b1, b2, n, out):
    s0, s1, low, spare = np.uint64(1), np.uint64(2), np.uint64(0), np.uint64(0)
    for i in range(n):
        out[i, 0], out[i, 1], s0, s1, low, spare = rng._two_steps(np.uint64(b1), np.uint64(b2), s0, s1, low, spare)


@pytest.mark.parametrize(("b1", "b2"), [(2, 1), (5, 4), (13, 12), (52, 51)])
def test_two_steps_from_one_half_are_uniform_and_independent(b1, b2):
    n = 400 * b1 * b2
    out = np.zeros((n, 2), dtype=np.uint64)
    _pairs(b1, b2, n, out)
    assert int(out[:, 0].max()) == b1 - 1 and int(out[:, 1].max()) == b2 - 1
    counts = np.bincount((out[:, 0] * np.uint64(b2) + out[:, 1]).astype(np.int64), minlength=b1 * b2)
    chi2 = float(((counts - 400) ** 2 / 400).sum())
    dof = max(b1 * b2 - 1, 1)
    assert chi2 < dof + 5 * np.sqrt(2 * dof), chi2
