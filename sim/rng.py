"""Counter-based randomness: one small xoshiro256** stream per (seed, session, purpose), and deck streams.

Purpose 0 shuffles the deck; purpose 1 + s is seat s's strategy randomness. A stream depends only on its
three integers, never on thread, chunk or worker, so session i sees the same decks under every variant and
strategy (common random numbers) and results are identical however the work is split.

A stream's state is a ``uint64[4]`` array; kernels keep one per purpose in a workspace and re-seed it in place.
A deck stream (``seed_deck``, ``deal_forward``: the games that deal part of a pack) is seeded from one draw of its
session's stream, so it too depends only on those three integers and the deck's place in the session.
"""

from __future__ import annotations

import numpy as np

from sim._jit import kernel

_U = np.uint64
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)


@kernel
def _splitmix(x):
    """splitmix64's output function of counter value x (uint64 -> uint64)."""
    z = x + _GOLDEN
    z = (z ^ (z >> _U(30))) * _MIX1
    z = (z ^ (z >> _U(27))) * _MIX2
    return z ^ (z >> _U(31))


@kernel
def _rotl(x, k):
    return (x << _U(k)) | (x >> _U(64 - k))


@kernel
def seed_stream(state, seed, session, purpose):
    """Fill ``state`` (uint64[4]) for stream (seed, session, purpose); all three are non-negative ints."""
    x = _splitmix(_U(seed))
    x = _splitmix(x ^ _U(session))
    x = _splitmix(x ^ (_U(purpose) * _GOLDEN))
    for i in range(4):  # never all zero (xoshiro's one bad state): after a zero word comes splitmix64(i + 1) != 0
        x = _splitmix(x + _U(i))
        state[i] = x


@kernel
def next_u64(state):
    """xoshiro256** step: the next uint64 of the stream."""
    result = _rotl(state[1] * _U(5), 7) * _U(9)
    t = state[1] << _U(17)
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = _rotl(state[3], 45)
    return result


@kernel
def bounded(state, n):
    """An unbiased int in [0, n) for 0 < n < 2**32 (Lemire's multiply-and-reject; see ``bounded_step``)."""
    r, state[0], state[1], state[2], state[3] = bounded_step(_U(n), state[0], state[1], state[2], state[3])
    return r


@kernel(inline=True)
def _step(s0, s1, s2, s3):
    """xoshiro256** on a state held in locals: (output, new state)."""
    result = _rotl(s1 * _U(5), 7) * _U(9)
    t = s1 << _U(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@kernel(inline=True)
def reseed(dst, src):
    """Fill stream ``dst`` (uint64[4]) with the next four outputs of stream ``src`` (``next_u64``'s numbers), the
    source's state held in locals: four loads and stores of it per draw were most of the cost where a game seeds a
    deck's stream from its session's at every deal. A caller guards against the all-zero state as it needs."""
    s0, s1, s2, s3 = src[0], src[1], src[2], src[3]
    d0, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
    d1, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
    d2, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
    d3, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
    src[0], src[1], src[2], src[3] = s0, s1, s2, s3
    dst[0], dst[1], dst[2], dst[3] = d0, d1, d2, d3


@kernel(inline=True)
def bounded_step(bound, s0, s1, s2, s3):
    """``bounded``'s draw on a state held in locals: (an int in [0, bound), new state), for 0 < bound < 2**32.

    The same numbers as ``bounded`` (the high 32 bits of each output, Lemire's multiply-and-reject), for a loop
    that keeps its stream's state in registers and stores it back once.
    """
    word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
    m = (word >> _U(32)) * bound
    low = m & _MASK32
    if low < bound:
        threshold = (_U(0x100000000) - bound) % bound
        while low < threshold:
            word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
            m = (word >> _U(32)) * bound
            low = m & _MASK32
    return np.int64(m >> _U(32)), s0, s1, s2, s3


@kernel
def shuffle(state, cards, length):
    """Fisher-Yates shuffle of ``cards[:length]`` in place, for lengths below 2**32 (``shuffle_settling``)."""
    shuffle_settling(state, cards, length, _unheeded, 0)


@kernel(inline=True)
def _unheeded(ctx, cards, i):
    """``shuffle``'s ``settle``: nothing to do as a position settles."""


@kernel(inline=True)
def shuffle_settling(state, cards, length, settle, ctx):
    """Fisher-Yates shuffle of ``cards[:length]`` in place, for lengths below 2**32, calling
    ``settle(ctx, cards, i)`` as each position i takes its final card (from the top down, position 0 last): a game
    deals each card there and then, in the shuffle's own loop (``settle`` a kernel inlined or merged into it,
    ``ctx`` its arrays).

    The stream's state is read into locals once and written back once (not loaded and stored per draw), and
    each 64-bit output serves two positions: its high 32 bits position i, its low 32 bits position i - 1, each
    mapped to [0, bound) by Lemire's multiply-and-reject, which is exactly unbiased. The common case, neither
    half needing the rejection test (missed with odds bound / 2**32), is one step of the loop: one draw, two
    multiplies, one well-predicted branch and two swaps. Otherwise each position is drawn one half at a time
    (``halves``: the unused halves of ``word``, 2 both, 1 the low one), the pairs resuming once the word is used
    up: the same draws as taking the halves one position at a time throughout, which the tests check. Measured:
    a 51-card pack's copy and shuffle 75 -> 58 ns against one half a step; about twice the speed of one
    array-state draw per position.
    """
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    word = _U(0)
    halves = 0
    i = length - 1
    while i >= 1:
        if halves == 0 and i >= 2:
            word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
            b1 = _U(i + 1)
            b2 = _U(i)
            m1 = (word >> _U(32)) * b1
            m2 = (word & _MASK32) * b2
            if (m1 & _MASK32) >= b1 and (m2 & _MASK32) >= b2:
                _swap(cards, _U(i), m1 >> _U(32))
                settle(ctx, cards, _U(i))
                _swap(cards, _U(i - 1), m2 >> _U(32))
                settle(ctx, cards, _U(i - 1))
                i -= 2
                continue
            halves = 2
        bound = _U(i + 1)
        while True:
            if halves == 0:
                word, s0, s1, s2, s3 = _step(s0, s1, s2, s3)
                halves = 2
            if halves == 2:
                r = word >> _U(32)
                halves = 1
            else:
                r = word & _MASK32
                halves = 0
            m = r * bound
            low = m & _MASK32
            if low >= bound or low >= (_U(0x100000000) - bound) % bound:
                break
        _swap(cards, _U(i), m >> _U(32))
        settle(ctx, cards, _U(i))
        i -= 1
    if length > 0:
        settle(ctx, cards, _U(0))
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


@kernel(inline=True)
def _swap(cards, i, j):
    """Swap cards i and j (unsigned indices: a signed one is tested for wrapping round at every load)."""
    tmp = cards[i]
    cards[i] = cards[j]
    cards[j] = tmp


# ----------------------------------------------------------------------------------------------------------
# Deck streams: the lazily shuffled packs of the games that deal only part of a pack (Commerce, Speculation).
#
# A deck's order comes from a stream of its own, seeded from one 64-bit word of its session's stream (so it is
# counter-based like every stream here: it depends only on (seed, session, purpose) and the deck's place in the
# session). The state, uint64[4], is a xoroshiro128++ state in words 0-1, seeded through splitmix64 from the
# word, then the unused low half of the last output (word 2) and whether it is unused (word 3). Each 32-bit half
# settles two Fisher-Yates steps at once by the batched form of Lemire's multiply-and-reject (Brackett-Rozinsky
# and Lemire, "Batched ranged random integer generation", 2024): exactly unbiased, and one output serves four
# cards. xoroshiro128++ rather than the floor's xoroshiro128+: both halves of each output are used, and the
# "+" form's lowest bits are weak (Blackman and Vigna); the scrambler costs two operations per four cards.
# Against the xoshiro256** stream these games had, one output per card and four to seed each deck (``reseed``),
# Commerce's twelve cards were 20 draws a deal; they are now 3, and one each of the session's and deal's streams
# to seed them.

_TWO32 = np.uint64(0x100000000)


@kernel(inline=True)
def seed_deck(state, word):
    """Seed deck stream ``state`` (uint64[4]) from one 64-bit ``word`` (a draw of the session's stream)."""
    s0 = _splitmix(word)
    s1 = _splitmix(s0)  # never 0 with s0: splitmix64 is 0 only at -golden, so s0 = 0 gives s1 = splitmix64(0)
    state[0] = s0
    state[1] = s1
    state[2] = _U(0)
    state[3] = _U(0)


@kernel(inline=True)
def _deck_step(s0, s1):
    """xoroshiro128++ on a state held in locals: (output, new state)."""
    result = _rotl(s0 + s1, 17) + s0
    t = s1 ^ s0
    s0 = _rotl(s0, 49) ^ t ^ (t << _U(21))
    s1 = _rotl(t, 28)
    return result, s0, s1


@kernel(inline=True)
def deck_word(state):
    """The next whole 64-bit output of deck stream ``state`` (to seed another deck from it: a deal's hands)."""
    word, state[0], state[1] = _deck_step(state[0], state[1])
    return word


@kernel(inline=True)
def _two_steps(b1, b2, s0, s1, low, spare):
    """Positions in [0, b1) and [0, b2) from one 32-bit half (b1 * b2 < 2**32), unbiased: (first, second, s0,
    s1, low, spare). ``low`` is the unused low half of the last output and ``spare`` 1 while it is unused."""
    product = b1 * b2
    while True:
        if spare == _U(0):
            word, s0, s1 = _deck_step(s0, s1)
            r = word >> _U(32)
            low = word & _MASK32
            spare = _U(1)
        else:
            r = low
            spare = _U(0)
        m = r * b1
        first = m >> _U(32)
        m = (m & _MASK32) * b2
        rest = m & _MASK32
        if rest >= product or rest >= (_TWO32 - product) % product:
            return first, m >> _U(32), s0, s1, low, spare


@kernel(inline=True)
def deal_forward(state, cards, i, upto, size):
    """The lazy shuffle of a deck stream: forward Fisher-Yates steps from step ``i`` (step k swaps card k with
    one of cards k .. size - 1), two at a time, until ``cards[:upto]`` is settled; returns the next step.

    Steps go in pairs (0 and 1, 2 and 3, ...) whatever ``upto`` asks, so the deck settled is the same however its
    dealing is split: a pair's second step only reorders cards not yet settled, which nothing reads or writes
    before they are (the last step, a card with no choice, takes no draw). ``i`` is even or ``size - 1``.
    """
    s0, s1, low, spare = state[0], state[1], state[2], state[3]
    k = _U(i)
    end = _U(upto)
    n = _U(size)
    while k < end and k + _U(1) < n:
        b1 = n - k
        j1, j2, s0, s1, low, spare = _two_steps(b1, b1 - _U(1), s0, s1, low, spare)
        _swap(cards, k, k + j1)
        _swap(cards, k + _U(1), k + _U(1) + j2)
        k += _U(2)
    if k < end:  # k == size - 1: the last card has no choice
        k = n
    state[0], state[1], state[2], state[3] = s0, s1, low, spare
    return np.int64(k)
