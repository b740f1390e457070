"""The bit intrinsics (sim._bits) against Python's integers, zero and the top bit included."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim._bits import clz, ctz, popcount


@njit(cache=True)
def _all(words):
    out = np.empty((words.shape[0], 3), dtype=np.int64)
    for i in range(words.shape[0]):
        out[i, 0] = np.int64(ctz(words[i]))
        out[i, 1] = np.int64(clz(words[i]))
        out[i, 2] = np.int64(popcount(words[i]))
    return out


def test_trailing_and_leading_zeros_and_population_count():
    rng = np.random.default_rng(1)
    words = [0, 1, 1 << 63, (1 << 64) - 1] + [1 << k for k in range(64)]
    odd = rng.integers(0, 2**64, 200, dtype=np.uint64) | np.uint64(1)
    words += [int(w) >> int(s) for w, s in zip(odd, rng.integers(0, 64, 200))]
    got = _all(np.array(words, dtype=np.uint64))
    for w, (tz, lz, pc) in zip(words, got.tolist()):
        assert tz == ((w & -w).bit_length() - 1 if w else 64), hex(w)
        assert lz == 64 - w.bit_length(), hex(w)
        assert pc == bin(w).count("1"), hex(w)
