"""Counter-based randomness: one small xoshiro256** stream per (seed, session, purpose).

Purpose 0 shuffles the deck; purpose 1 + s is seat s's strategy randomness. A stream depends only on its
three integers, never on thread, chunk or worker, so session i sees the same decks under every variant and
strategy (common random numbers) and results are identical however the work is split.

A stream's state is a ``uint64[4]`` array; kernels keep one per purpose in a workspace and re-seed it in place.
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
    for i in range(4):
        x = _splitmix(x + _U(i))
        state[i] = x
    if state[0] == 0 and state[1] == 0 and state[2] == 0 and state[3] == 0:  # pragma: no cover
        state[0] = _GOLDEN


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


@kernel(inline=True)
def shuffle_forward(state, cards, i, upto, size):
    """A lazy shuffle's steps: forward Fisher-Yates steps i .. upto - 1 on ``cards[:size]`` (step k swaps card k
    with one of cards k .. size - 1), so that ``cards[:upto]`` is settled; returns upto, the next step.

    One ``bounded_step`` draw per step, the stream's state held in locals and stored back once: a game that
    deals only part of its pack (Commerce, Speculation) shuffles only as far as it deals. Positions are unsigned:
    with signed ones each swap's two loads were preceded by numba's wrap-around (a shift and an and, the array's
    length reloaded from the stack), and this loop was 18% of a Commerce deal (perf, ``standard``).
    """
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    k = _U(i)
    end = _U(upto)
    n = _U(size)
    while k < end:
        r, s0, s1, s2, s3 = bounded_step(n - k, s0, s1, s2, s3)
        j = k + _U(r)
        tmp = cards[k]
        cards[k] = cards[j]
        cards[j] = tmp
        k += _U(1)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return np.int64(k)


@kernel
def shuffle(state, cards, length):
    """Fisher-Yates shuffle of ``cards[:length]`` in place, for lengths below 2**32.

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
                _swap(cards, _U(i - 1), m2 >> _U(32))
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
        i -= 1
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
